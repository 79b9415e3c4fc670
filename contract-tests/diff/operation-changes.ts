import { isDeepStrictEqual } from 'node:util';
import { down, type OperationNode, type Place } from './change.ts';
import { compareContent } from './content-changes.ts';
import { compareParameters } from './parameter-changes.ts';
import { compareSchemas, type Walk } from './schema-changes.ts';
import { type Located, resolveRef } from './schema-view.ts';
import { compareSecurity } from './security-changes.ts';

type Obj = Record<string, unknown>;

const entries = (node: unknown): Array<[string, unknown]> =>
  typeof node === 'object' && node !== null ? Object.entries(node as Obj) : [];
const isSuccess = (status: string) => /^2/.test(status);

function compareRequestBody(walk: Walk, base: OperationNode, head: OperationNode, place: Place): void {
  const b = base.operation.node.requestBody;
  const h = head.operation.node.requestBody;
  const before =
    b === undefined ? undefined : resolveRef(walk.docs.base, b, [...base.operation.path, 'requestBody']);
  const after =
    h === undefined ? undefined : resolveRef(walk.docs.head, h, [...head.operation.path, 'requestBody']);
  const here: Place = {
    ...place,
    base: before?.path ?? place.base,
    head: after?.path ?? place.head,
    label: 'request body',
  };
  if (!before && after) {
    if (after.node.required === true)
      walk.emit('breaking', 'request-body-added-required', here, 'now required');
    else walk.emit('safe', 'request-body-added', here, 'now accepted');
  } else if (before && !after) {
    walk.emit('possibly-breaking', 'request-body-removed', here, 'no longer described');
  } else if (before && after) {
    if (before.node.required !== true && after.node.required === true)
      walk.emit('breaking', 'request-body-became-required', here, 'now required');
    compareContent(walk, before, after, here, 'request');
  }
}

function compareResponses(walk: Walk, base: OperationNode, head: OperationNode, place: Place): void {
  const before = new Map(entries(base.operation.node.responses));
  const after = new Map(entries(head.operation.node.responses));
  const at = down(place, 'responses');
  for (const [status, node] of after) {
    const was = before.get(status);
    const here = down(at, status, `response ${status}`);
    if (was !== undefined)
      compareResponse(
        walk,
        resolveRef(walk.docs.base, was, here.base),
        resolveRef(walk.docs.head, node, here.head),
        here,
      );
    else if (isSuccess(status))
      walk.emit('possibly-breaking', 'response-status-added', here, 'new success status');
    else walk.emit('safe', 'response-status-added', here, 'status added');
  }
  for (const status of before.keys()) {
    if (after.has(status)) continue;
    const here = { ...down(at, status, `response ${status}`), head: at.head };
    walk.emit(
      isSuccess(status) ? 'breaking' : 'possibly-breaking',
      'response-status-removed',
      here,
      'removed',
    );
  }
}

function compareResponse(walk: Walk, before: Located, after: Located, place: Place): void {
  const here: Place = { ...place, base: before.path, head: after.path };
  const headers = (response: Located) =>
    new Map(entries(response.node.headers).map(([name, node]) => [name.toLowerCase(), { name, node }]));
  const was = headers(before);
  const now = headers(after);
  for (const [lower, { name, node }] of now) {
    const at = down(here, ['headers', name], `header ${name}`);
    const old = was.get(lower);
    if (!old) {
      walk.emit('safe', 'response-header-added', at, 'header added');
      continue;
    }
    const previous = resolveRef(walk.docs.base, old.node, [...before.path, 'headers', old.name]);
    const header = resolveRef(walk.docs.head, node, at.head);
    if (previous.node.required === true && header.node.required !== true)
      walk.emit('breaking', 'response-header-became-optional', at, 'now optional (may be absent)');
    const schemas = { ...at, base: [...previous.path, 'schema'], head: [...header.path, 'schema'] };
    compareSchemas(walk, previous.node.schema, header.node.schema, schemas, 'response');
  }
  for (const [lower, { name, node }] of was) {
    if (now.has(lower)) continue;
    const required = resolveRef(walk.docs.base, node, []).node.required === true;
    const at = { ...here, base: [...before.path, 'headers', name], label: `${here.label} header ${name}` };
    walk.emit(required ? 'breaking' : 'possibly-breaking', 'response-header-removed', at, 'header removed');
  }
  compareContent(walk, before, after, here, 'response');
}

/**
 * Compares one operation present in both documents: its id, deprecation, parameters, request
 * body, responses and security.
 *
 * @example compareOperation({ docs, emit }, baseOperation, headOperation, place);
 */
export function compareOperation(walk: Walk, base: OperationNode, head: OperationNode, place: Place): void {
  const b = base.operation.node;
  const h = head.operation.node;
  if (b.operationId !== h.operationId) {
    const detail = `operationId ${String(b.operationId)} → ${String(h.operationId)} (generated clients rename the function)`;
    walk.emit('possibly-breaking', 'operation-id-changed', down(place, 'operationId'), detail);
  }
  if (b.deprecated !== true && h.deprecated === true)
    walk.emit('safe', 'operation-deprecated', down(place, 'deprecated'), 'deprecated');
  compareParameters(walk, base, head, place);
  compareRequestBody(walk, base, head, place);
  compareResponses(walk, base, head, place);
  compareSecurity(walk, b.security, h.security, place);
  if (!isDeepStrictEqual(b['x-handled-by'], h['x-handled-by'])) {
    const detail = `x-handled-by ${String(b['x-handled-by'])} → ${String(h['x-handled-by'])}`;
    walk.emit('possibly-breaking', 'operation-handler-changed', down(place, 'x-handled-by'), detail);
  }
}
