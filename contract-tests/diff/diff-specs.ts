import { isDeepStrictEqual } from 'node:util';
import type { Change, Emit, OperationNode, Place } from './change.ts';
import { documentationChanges, withoutDocumentation } from './documentation-changes.ts';
import { compareOperation } from './operation-changes.ts';
import type { Walk } from './schema-changes.ts';
import { compareSecuritySchemes } from './security-changes.ts';
import type { SpecSource } from './spec-source.ts';

type Obj = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** A path template with its parameters unnamed: renaming `{id}` changes nothing a client sends. */
const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** Every operation of a document, by method and path shape. */
function operationsOf(document: Obj): Map<string, OperationNode & { method: string; path: string }> {
  const operations = new Map<string, OperationNode & { method: string; path: string }>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Obj>)) {
    const pathParameters = ((item.parameters as unknown[] | undefined) ?? []).map((node, i) => ({
      node: node as Obj,
      path: ['paths', path, 'parameters', String(i)],
    }));
    for (const method of METHODS.filter((m) => m in item))
      operations.set(`${method.toUpperCase()} ${shape(path)}`, {
        method: method.toUpperCase(),
        path,
        operation: { node: item[method] as Obj, path: ['paths', path, method] },
        pathParameters,
      });
  }
  return operations;
}

/**
 * Every change from `base` to `head`, classified from a client's side as breaking, possibly
 * breaking or safe: operations and paths added or removed, then, for each operation in both, its
 * parameters, request body, responses and security; descriptions and examples as documentation.
 * Each change carries the line of `head` it is at (the nearest node still there when it was removed).
 *
 * @example const changes = diffSpecs(await readSpecSource('git:main:openapi.yaml'), await readSpecSource('openapi.yaml'));
 */
export function diffSpecs(base: SpecSource, head: SpecSource): Change[] {
  const changes: Change[] = [];
  const seen = new Set<string>();
  const emit: Emit = (level, rule, place, detail, documentation = false) => {
    const key = `${rule} ${place.operation} ${place.label} ${detail}`;
    if (seen.has(key)) return;
    seen.add(key);
    const { operation, label: where, head: pointer } = place;
    changes.push({
      level,
      rule,
      operation,
      where,
      detail,
      pointer,
      line: head.lineOf(pointer),
      documentation,
    });
  };
  const docs = { base: base.document, head: head.document };
  const walk: Walk = { docs, emit };
  const before = operationsOf(docs.base);
  const after = operationsOf(docs.head);
  const headPaths = new Set([...after.values()].map((op) => shape(op.path)));
  for (const [key, op] of before) {
    if (after.has(key)) continue;
    const name = `${op.method} ${op.path}`;
    const place: Place = { base: op.operation.path, head: ['paths'], operation: name, label: '' };
    if (headPaths.has(shape(op.path))) emit('breaking', 'operation-removed', place, 'operation removed');
    else emit('breaking', 'path-removed', place, `path ${op.path} removed`);
  }
  for (const [key, op] of after) {
    const name = `${op.method} ${op.path}`;
    const was = before.get(key);
    const place: Place = {
      base: was?.operation.path ?? ['paths'],
      head: op.operation.path,
      operation: name,
      label: '',
    };
    if (was) compareOperation(walk, was, op, place);
    else emit('safe', 'operation-added', place, 'operation added');
  }
  compareSecuritySchemes(walk);
  const structural = changes.length;
  documentationChanges(docs.base, docs.head, emit);
  if (
    structural === 0 &&
    !isDeepStrictEqual(withoutDocumentation(docs.base), withoutDocumentation(docs.head))
  ) {
    const place: Place = { base: [], head: [], operation: undefined, label: '' };
    emit(
      'safe',
      'contract-changed',
      place,
      'the document changed in a way not classified above (extensions, links, tags, servers…)',
    );
  }
  return changes;
}
