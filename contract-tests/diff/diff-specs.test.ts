// Over 300 lines on purpose: a table of fixture pairs, one row per change category, each read on
// its own; split, the breaking and the safe rows would no longer sit side by side.
// The fixture pairs: the base fixture and, for each case, the same document with one change. Every
// breaking category of a client's side must be caught at its line, and every safe change pass.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Document, parseDocument } from 'yaml';
import type { Level } from './change.ts';
import { diffSpecs } from './diff-specs.ts';
import { readSpecSource } from './spec-source.ts';

const BASE = new URL('./fixtures/base.yaml', import.meta.url);
const ITEMS = ['paths', '/api/v1/items'];
const ITEM = ['paths', '/api/v1/items/{itemId}'];
const SCHEMAS = ['components', 'schemas'];

interface Pair {
  name: string;
  level: Level;
  rule: string;
  /** Text expected on the reported line of the head document. */
  line: RegExp;
  change(doc: Document): void;
}

const push = (doc: Document, path: Array<string | number>, value: unknown) =>
  doc.addIn(path, doc.createNode(value));

const BREAKING: Pair[] = [
  {
    name: 'a new required request property',
    level: 'breaking',
    rule: 'request-property-added-required',
    line: /owner:/,
    change(doc) {
      doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'owner'], doc.createNode({ type: 'string' }));
      push(doc, [...SCHEMAS, 'ItemCreate', 'required'], 'owner');
    },
  },
  {
    name: 'a new required query parameter',
    level: 'breaking',
    rule: 'request-parameter-added-required',
    line: /- name: limit/,
    change: (doc) =>
      push(doc, [...ITEMS, 'get', 'parameters'], {
        name: 'limit',
        in: 'query',
        required: true,
        schema: { type: 'integer' },
      }),
  },
  {
    name: 'a new required request header',
    level: 'breaking',
    rule: 'request-parameter-added-required',
    line: /- name: X-Tenant/,
    change: (doc) =>
      push(doc, [...ITEMS, 'get', 'parameters'], {
        name: 'X-Tenant',
        in: 'header',
        required: true,
        schema: { type: 'string' },
      }),
  },
  {
    name: 'a request property made required',
    level: 'breaking',
    rule: 'request-property-became-required',
    line: /required:/,
    change: (doc) => push(doc, [...SCHEMAS, 'ItemCreate', 'required'], 'note'),
  },
  {
    name: 'a narrowed request type',
    level: 'breaking',
    rule: 'request-type-narrowed',
    line: /note:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'note', 'type'], 'string'),
  },
  {
    name: 'a narrowed request enum',
    level: 'breaking',
    rule: 'request-enum-narrowed',
    line: /schema:/,
    change: (doc) =>
      doc.setIn([...ITEMS, 'get', 'parameters', 0, 'schema', 'enum'], doc.createNode(['open'])),
  },
  {
    name: 'a pattern added to a request property',
    level: 'breaking',
    rule: 'request-constraint-narrowed',
    line: /note:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'note', 'pattern'], '^[a-z]*$'),
  },
  {
    name: 'a lowered request maximum length',
    level: 'breaking',
    rule: 'request-bound-narrowed',
    line: /name:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'name', 'maxLength'], 50),
  },
  {
    name: 'a raised request minimum',
    level: 'breaking',
    rule: 'request-bound-narrowed',
    line: /count:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'count', 'minimum'], 1),
  },
  {
    name: 'a removed request media type',
    level: 'breaking',
    rule: 'request-media-type-removed',
    line: /requestBody:/,
    change: (doc) =>
      doc.deleteIn([...ITEMS, 'post', 'requestBody', 'content', 'application/merge-patch+json']),
  },
  {
    name: 'a scope added to the security requirement',
    level: 'breaking',
    rule: 'security-requirement-changed',
    line: /security:/,
    change: (doc) => push(doc, [...ITEMS, 'post', 'security', 0, 'apiKey'], 'items:admin'),
  },
  {
    name: 'a security scheme moved to another header',
    level: 'breaking',
    rule: 'security-scheme-changed',
    line: /apiKey:/,
    change: (doc) => doc.setIn(['components', 'securitySchemes', 'apiKey', 'name'], 'X-Key'),
  },
  {
    name: 'a removed response property',
    level: 'breaking',
    rule: 'response-property-removed',
    line: /properties:/,
    change: (doc) => doc.deleteIn([...SCHEMAS, 'Item', 'properties', 'count']),
  },
  {
    name: 'a removed success status',
    level: 'breaking',
    rule: 'response-status-removed',
    line: /responses:/,
    change(doc) {
      doc.deleteIn([...ITEMS, 'post', 'responses', '201']);
      doc.setIn([...ITEMS, 'post', 'responses', '200'], doc.createNode({ description: 'Created.' }));
    },
  },
  {
    name: 'a response property made optional',
    level: 'breaking',
    rule: 'response-property-became-optional',
    line: /required:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'Item', 'required'], doc.createNode(['id', 'status'])),
  },
  {
    name: 'a response property made nullable',
    level: 'breaking',
    rule: 'response-became-nullable',
    line: /name:/,
    change: (doc) =>
      doc.setIn([...SCHEMAS, 'Item', 'properties', 'name', 'type'], doc.createNode(['string', 'null'])),
  },
  {
    name: 'a changed response type',
    level: 'breaking',
    rule: 'response-type-changed',
    line: /count:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'Item', 'properties', 'count', 'type'], 'string'),
  },
  {
    name: 'a removed required response header',
    level: 'breaking',
    rule: 'response-header-removed',
    line: /'200':/,
    change: (doc) => doc.deleteIn([...ITEMS, 'get', 'responses', '200', 'headers', 'X-Request-Id']),
  },
  {
    name: 'a removed operation',
    level: 'breaking',
    rule: 'operation-removed',
    line: /^paths:/,
    change: (doc) => doc.deleteIn([...ITEM, 'delete']),
  },
  {
    name: 'a removed path',
    level: 'breaking',
    rule: 'path-removed',
    line: /^paths:/,
    change: (doc) => doc.deleteIn(ITEM),
  },
  {
    name: 'a widened response enum (possibly breaking)',
    level: 'possibly-breaking',
    rule: 'response-enum-widened',
    line: /status:/,
    change: (doc) => push(doc, [...SCHEMAS, 'Item', 'properties', 'status', 'enum'], 'archived'),
  },
  {
    name: 'a removed error status (possibly breaking)',
    level: 'possibly-breaking',
    rule: 'response-status-removed',
    line: /responses:/,
    change: (doc) => doc.deleteIn([...ITEMS, 'get', 'responses', '404']),
  },
];

const SAFE: Pair[] = [
  {
    name: 'an optional request property added',
    level: 'safe',
    rule: 'request-property-added',
    line: /colour:/,
    change: (doc) =>
      doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'colour'], doc.createNode({ type: 'string' })),
  },
  {
    name: 'an optional query parameter added',
    level: 'safe',
    rule: 'request-parameter-added',
    line: /- name: limit/,
    change: (doc) =>
      push(doc, [...ITEMS, 'get', 'parameters'], { name: 'limit', in: 'query', schema: { type: 'integer' } }),
  },
  {
    name: 'a request property made optional',
    level: 'safe',
    rule: 'request-property-became-optional',
    line: /required:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'required'], doc.createNode([])),
  },
  {
    name: 'a raised request maximum length',
    level: 'safe',
    rule: 'request-bound-widened',
    line: /name:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'name', 'maxLength'], 200),
  },
  {
    name: 'a request enum value added',
    level: 'safe',
    rule: 'request-enum-widened',
    line: /schema:/,
    change: (doc) => push(doc, [...ITEMS, 'get', 'parameters', 0, 'schema', 'enum'], 'archived'),
  },
  {
    name: 'a request media type added',
    level: 'safe',
    rule: 'request-media-type-added',
    line: /application\/x-www-form-urlencoded:/,
    change: (doc) =>
      doc.setIn(
        [...ITEMS, 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded'],
        doc.createNode({ schema: { type: 'object' } }),
      ),
  },
  {
    name: 'a response property added',
    level: 'safe',
    rule: 'response-property-added',
    line: /colour:/,
    change: (doc) =>
      doc.setIn([...SCHEMAS, 'Item', 'properties', 'colour'], doc.createNode({ type: 'string' })),
  },
  {
    name: 'a response enum narrowed',
    level: 'safe',
    rule: 'response-enum-narrowed',
    line: /status:/,
    change: (doc) =>
      doc.setIn([...SCHEMAS, 'Item', 'properties', 'status', 'enum'], doc.createNode(['open'])),
  },
  {
    name: 'an operation added',
    level: 'safe',
    rule: 'operation-added',
    line: /patch:/,
    change: (doc) =>
      doc.setIn(
        [...ITEM, 'patch'],
        doc.createNode({ operationId: 'updateItem', responses: { '200': { description: 'Updated.' } } }),
      ),
  },
  {
    name: 'a path added',
    level: 'safe',
    rule: 'operation-added',
    line: /get:/,
    change: (doc) =>
      doc.setIn(
        ['paths', '/api/v1/tags'],
        doc.createNode({ get: { operationId: 'listTags', responses: { '200': { description: 'Tags.' } } } }),
      ),
  },
  {
    name: 'another accepted credential',
    level: 'safe',
    rule: 'security-alternative-added',
    line: /security:/,
    change: (doc) => push(doc, [...ITEMS, 'post', 'security'], { bearer: [] }),
  },
  {
    name: 'a request property deprecated',
    level: 'safe',
    rule: 'request-property-deprecated',
    line: /note:/,
    change: (doc) => doc.setIn([...SCHEMAS, 'ItemCreate', 'properties', 'note', 'deprecated'], true),
  },
  {
    name: 'a query parameter deprecated',
    level: 'safe',
    rule: 'request-parameter-deprecated',
    line: /- name: status/,
    change: (doc) => doc.setIn([...ITEMS, 'get', 'parameters', 0, 'deprecated'], true),
  },
  {
    name: 'a description changed',
    level: 'safe',
    rule: 'documentation-changed',
    line: /description: The items, newest first\./,
    change: (doc) =>
      doc.setIn([...ITEMS, 'get', 'responses', '200', 'description'], 'The items, newest first.'),
  },
];

let dir: string;
let baseText: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spec-diff-'));
  baseText = await readFile(BASE, 'utf8');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The base fixture and its head with `pair`'s change, both read as the command reads them. */
async function diffPair(pair: Pair) {
  const doc = parseDocument(baseText);
  pair.change(doc);
  const file = join(dir, `${pair.name.replace(/\W+/g, '-')}.yaml`);
  const text = String(doc);
  await writeFile(file, text);
  const changes = diffSpecs(await readSpecSource(BASE.pathname), await readSpecSource(file));
  return { changes, lines: text.split('\n') };
}

describe('course-contract diff on the fixture pairs', () => {
  test.for(BREAKING.map((pair) => [pair.name, pair] as const))('catches %s', async ([, pair]) => {
    const { changes, lines } = await diffPair(pair);
    const found = changes.find((change) => change.rule === pair.rule);
    expect(found, JSON.stringify(changes, null, 2)).toMatchObject({ level: pair.level });
    expect(lines[(found?.line ?? 0) - 1]).toMatch(pair.line);
  });

  test.for(SAFE.map((pair) => [pair.name, pair] as const))('passes %s as safe', async ([, pair]) => {
    const { changes, lines } = await diffPair(pair);
    expect(changes.map((change) => [change.rule, change.level])).toContainEqual([pair.rule, 'safe']);
    expect(
      changes.filter((change) => change.level !== 'safe'),
      JSON.stringify(changes, null, 2),
    ).toEqual([]);
    const found = changes.find((change) => change.rule === pair.rule);
    expect(lines[(found?.line ?? 0) - 1]).toMatch(pair.line);
  });

  test('finds nothing between a document and itself, and marks description-only changes as documentation', async () => {
    const same = await readSpecSource(BASE.pathname);
    expect(diffSpecs(same, same)).toEqual([]);
    const described = await diffPair(SAFE.at(-1) as Pair);
    expect(described.changes.every((change) => change.documentation)).toBe(true);
  });
});
