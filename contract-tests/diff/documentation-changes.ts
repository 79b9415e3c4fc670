import { isDeepStrictEqual } from 'node:util';
import type { Emit, Place } from './change.ts';

type Obj = Record<string, unknown>;

/** Keys that only document: changing them changes no request or response. */
const DOCUMENTATION = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);
/** Maps whose keys are names (of properties, paths, statuses…), never keywords. */
const NAMED = new Set([
  'properties',
  'patternProperties',
  'paths',
  'responses',
  'headers',
  'content',
  'schemas',
  'parameters',
  'securitySchemes',
  'links',
  'callbacks',
  'requestBodies',
  '$defs',
  'mapping',
  'variables',
  'webhooks',
  'encoding',
]);

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The operation a path in the document is inside, if any. */
function operationAt(path: string[]): string | undefined {
  const [root, template, method] = path;
  return root === 'paths' && template && method && METHODS.has(method)
    ? `${method.toUpperCase()} ${template}`
    : undefined;
}

/**
 * The document without its descriptions, summaries, titles and examples: what a client's
 * requests and responses depend on, and `info.version`, which the release rule checks itself.
 *
 * @example isDeepStrictEqual(withoutDocumentation(base), withoutDocumentation(head)); // the contract did not change
 */
export function withoutDocumentation(node: unknown, named = false, path: string[] = []): unknown {
  if (Array.isArray(node))
    return node.map((item, i) => withoutDocumentation(item, false, [...path, String(i)]));
  if (!isObj(node)) return node;
  const copy: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (!named && DOCUMENTATION.has(key)) continue;
    if (path.length === 1 && path[0] === 'info' && key === 'version') continue;
    copy[key] = withoutDocumentation(value, !named && NAMED.has(key), [...path, key]);
  }
  return copy;
}

/**
 * Reports each description, summary, title or example that differs between the documents, as a
 * safe documentation change (a patch release).
 *
 * @example documentationChanges(base.document, head.document, emit);
 */
export function documentationChanges(
  base: unknown,
  head: unknown,
  emit: Emit,
  named = false,
  path: string[] = [],
): void {
  if (!isObj(base) || !isObj(head) || Array.isArray(base) !== Array.isArray(head)) return;
  for (const key of new Set([...Object.keys(base), ...Object.keys(head)])) {
    const before = (base as Obj)[key];
    const after = (head as Obj)[key];
    const at = [...path, key];
    if (!named && DOCUMENTATION.has(key)) {
      if (isDeepStrictEqual(before, after)) continue;
      const place: Place = {
        base: at,
        head: after === undefined ? path : at,
        operation: operationAt(at),
        label: '',
      };
      const what = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
      emit(
        'safe',
        'documentation-changed',
        place,
        `${key} ${what} at /${at.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
        true,
      );
    } else documentationChanges(before, after, emit, !named && NAMED.has(key), at);
  }
}
