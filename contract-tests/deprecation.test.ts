// Deprecation clients can see, shown on a fixture spec (the real API deprecates nothing): the same
// API with listCourses deprecated and dated, listApiKeys' `environment` filter and updateCourse's
// `description` deprecated. A server built from it answers the headers, the contract suite checks
// them, the mocks answer them too, the SDK warns once per operation, and MCP tools say so.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenApiDocument } from '@course-service/runtime';
import { createCourseClient } from '@course-service/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parse } from 'yaml';
import { createCourseServiceMock, mockApiKey } from '../mocks/index.ts';
import { type RunningServer, startServer } from '../server/index.ts';
import { buildToolCatalogue } from '../server/mcp/tool-catalogue.ts';
import { startMutantProxy } from '../test-support/contract-command/mutant-proxy.ts';
import { createContract } from './contract.ts';
import { type ContractSpec, loadContractSpec, SPEC_FILE } from './spec.ts';
import { remoteTarget } from './targets/remote-target.ts';
import { createResponseValidator } from './validator.ts';

const DEPRECATED_AT = '2026-11-01';
const SUNSET = '2027-06-01';
const DOCS = 'https://example.org/migrating-from-list-courses';

/** The spec with three deprecated parts. */
async function deprecatedSpec(): Promise<OpenApiDocument> {
  const document = parse(await readFile(SPEC_FILE, 'utf8'));
  Object.assign(document.paths['/api/v1/courses'].get, {
    deprecated: true,
    'x-deprecated-at': DEPRECATED_AT,
    'x-sunset': SUNSET,
    externalDocs: { url: DOCS },
  });
  const environment = document.paths['/api/v1/api-keys'].get.parameters.find(
    (p: { name?: string }) => p.name === 'environment',
  );
  Object.assign(environment, { deprecated: true, 'x-deprecated-at': DEPRECATED_AT });
  const update = document.components.schemas.CourseUpdate.properties;
  update.description = { ...update.description, deprecated: true, 'x-deprecated-at': DEPRECATED_AT };
  return document;
}

let server: RunningServer;
let spec: ContractSpec;
let document: OpenApiDocument;
let dir: string;
beforeAll(async () => {
  document = await deprecatedSpec();
  dir = await mkdtemp(join(tmpdir(), 'deprecation-'));
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  spec = loadContractSpec(pathToFileURL(file));
  server = await startServer({ spec: document });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const since = `@${Date.parse(DEPRECATED_AT) / 1000}`;

describe('a deprecated operation', () => {
  test('answers Deprecation, Sunset and a Link to its documentation, on its refusals too', async () => {
    const contract = createContract(remoteTarget({ baseUrl: server.url }), spec);
    const { key } = await contract.newKey();
    for (const authorization of [`Bearer ${key}`, 'Bearer nonsense']) {
      const response = await fetch(`${server.url}/api/v1/courses`, { headers: { authorization } });
      expect([
        response.status === 200 || response.status === 401,
        response.headers.get('deprecation'),
      ]).toEqual([true, since]);
      expect(response.headers.get('sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
      expect(response.headers.get('link')).toBe(`<${DOCS}>; rel="deprecation"`);
    }
    const created = await fetch(`${server.url}/api/v1/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', description: 'Not deprecated.' }),
    });
    expect([created.status, created.headers.get('deprecation')]).toEqual([201, null]);
  });

  test('passes the contract suite, which fails a server that leaves the headers out', async () => {
    const validator = createResponseValidator(spec);
    const operation = spec.find('GET', '/api/v1/courses');
    const contract = createContract(remoteTarget({ baseUrl: server.url }), spec);
    const { key } = await contract.newKey();
    const listed = await fetch(`${server.url}/api/v1/courses`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(
      validator.validate(operation, { status: 200, headers: listed.headers, body: await listed.text() }),
    ).toEqual([]);
    const proxy = await startMutantProxy(server.url, {
      answer(answer) {
        answer.headers.delete('deprecation');
        answer.headers.delete('link');
      },
    });
    try {
      const stripped = await fetch(`${proxy.url}/api/v1/courses`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const findings = validator.findings(operation, {
        status: 200,
        headers: stripped.headers,
        body: await stripped.text(),
      });
      expect(findings).toEqual([
        {
          check: 'declared-headers',
          message: `Deprecation is missing, not '${since}' (x-deprecated-at ${DEPRECATED_AT}, RFC 9745)`,
        },
        {
          check: 'declared-headers',
          message: 'no Link with rel="deprecation" to the documentation of the deprecated listCourses',
        },
      ]);
    } finally {
      await proxy.close();
    }
  });

  test('makes the SDK warn once per operation, to its logger or console.warn, or not at all', async () => {
    const contract = createContract(remoteTarget({ baseUrl: server.url }), spec);
    const { key } = await contract.newKey();
    const messages: string[] = [];
    const ignore = () => undefined;
    // The warning goes to the logger whatever the log level, which is off by default.
    const logger = { error: ignore, warn: (m: string) => void messages.push(m), info: ignore, debug: ignore };
    const client = createCourseClient({ baseUrl: server.url, apiKey: key, logger });
    const course = await client.courses.create({ name: 'Warned', description: 'Once.' });
    await client.courses.listPage();
    await client.courses.listPage({ status: 'draft' });
    await client.courses.get(course.id);
    expect(messages).toEqual([
      `course-service: GET /api/v1/courses is deprecated since ${DEPRECATED_AT}, and goes on ${SUNSET}; see ${DOCS}`,
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await createCourseClient({ baseUrl: server.url, apiKey: key }).courses.listPage();
      await createCourseClient({
        baseUrl: server.url,
        apiKey: key,
        deprecationWarnings: false,
      }).courses.listPage();
      expect(warn.mock.calls).toEqual([[messages[0]]]);
    } finally {
      warn.mockRestore();
    }
  });

  test('answers the same headers from the mocks, which share the core', async () => {
    const key = mockApiKey('deprecation');
    const mock = createCourseServiceMock({ baseUrl: 'http://mock.test', apiKeys: [{ key }], spec: document });
    const msw = setupServer(...mock.handlers);
    msw.listen({ onUnhandledRequest: 'bypass' });
    try {
      const listed = await fetch('http://mock.test/api/v1/courses', {
        headers: { authorization: `Bearer ${key}` },
      });
      expect([listed.status, listed.headers.get('deprecation'), listed.headers.get('sunset')]).toEqual([
        200,
        since,
        'Tue, 01 Jun 2027 00:00:00 GMT',
      ]);
      expect(listed.headers.get('link')).toBe(`<${DOCS}>; rel="deprecation"`);
      const health = await fetch('http://mock.test/healthz');
      expect([health.status, health.headers.get('deprecation')]).toEqual([200, null]);
    } finally {
      msw.close();
    }
  });

  test('is marked deprecated in its MCP tool description', () => {
    const tools = buildToolCatalogue(document);
    expect(tools.find((tool) => tool.name === 'list_courses')?.description).toMatch(
      /^Deprecated \(removed after 2027-06-01\)\. /,
    );
    expect(tools.find((tool) => tool.name === 'get_course')?.description).not.toMatch(/Deprecated/);
  });
});

describe('a deprecated parameter or body property', () => {
  test('earns the headers only on the calls that send it', async () => {
    const contract = createContract(remoteTarget({ baseUrl: server.url }), spec);
    const { key, idToken } = await contract.newKey();
    const keys = (query: string) =>
      fetch(`${server.url}/api/v1/api-keys${query}`, { headers: { authorization: `Bearer ${idToken}` } });
    expect((await keys('?environment=test')).headers.get('deprecation')).toBe(since);
    expect((await keys('')).headers.get('deprecation')).toBeNull();
    const course = await contract
      .client({ apiKey: key })
      .courses.create({ name: 'Patched', description: 'Before.' });
    const patch = (body: object) =>
      fetch(`${server.url}/api/v1/courses/${course.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const described = await patch({ description: 'After.' });
    expect([described.status, described.headers.get('deprecation'), described.headers.get('sunset')]).toEqual(
      [200, since, null],
    );
    expect(described.headers.get('link')).toBe('</docs>; rel="deprecation"');
    const renamed = await patch({ name: 'Renamed' });
    expect([renamed.status, renamed.headers.get('deprecation')]).toEqual([200, null]);
  });
});
