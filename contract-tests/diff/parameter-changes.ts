import type { OperationNode, Place } from './change.ts';
import { compareSchemas, type Walk } from './schema-changes.ts';
import { type Located, resolveRef } from './schema-view.ts';

/** The operation's parameters (its path item's, then its own, which win), by `in` and name. */
function parametersOf(document: Record<string, unknown>, op: OperationNode): Map<string, Located> {
  const all = new Map<string, Located>();
  const template = [...String(op.operation.path[1]).matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const own = (op.operation.node.parameters as unknown[] | undefined) ?? [];
  const located = [
    ...op.pathParameters,
    ...own.map((node, i) => ({
      node: node as Record<string, unknown>,
      path: [...op.operation.path, 'parameters', String(i)],
    })),
  ];
  for (const { node, path } of located) {
    const parameter = resolveRef(document, node, path);
    const name = String(parameter.node.name);
    const where = String(parameter.node.in);
    // Header names are case-insensitive; a path parameter is its place in the template, whatever its name.
    const id =
      where === 'header' ? name.toLowerCase() : where === 'path' ? String(template.indexOf(name)) : name;
    all.set(`${where}:${id}`, parameter);
  }
  return all;
}

const labelOf = (parameter: Located) =>
  `parameter ${String(parameter.node.name)} (${String(parameter.node.in)})`;

/**
 * Compares an operation's parameters (query, header, path, cookie): one added as required, made
 * required or removed breaks clients; one added as optional or made optional is safe; the schemas
 * of those in both are compared as request data.
 *
 * @example compareParameters({ docs, emit }, baseOperation, headOperation, place);
 */
export function compareParameters(walk: Walk, base: OperationNode, head: OperationNode, place: Place): void {
  const before = parametersOf(walk.docs.base, base);
  const after = parametersOf(walk.docs.head, head);
  for (const [key, parameter] of after) {
    const was = before.get(key);
    const here: Place = {
      ...place,
      base: was?.path ?? place.base,
      head: parameter.path,
      label: labelOf(parameter),
    };
    const required = parameter.node.required === true;
    if (!was) {
      if (required) walk.emit('breaking', 'request-parameter-added-required', here, 'new required parameter');
      else walk.emit('safe', 'request-parameter-added', here, 'parameter added');
      continue;
    }
    if (was.node.required !== true && required)
      walk.emit('breaking', 'request-parameter-became-required', here, 'now required');
    if (was.node.required === true && !required)
      walk.emit('safe', 'request-parameter-became-optional', here, 'now optional');
    if (was.node.deprecated !== true && parameter.node.deprecated === true)
      walk.emit('safe', 'request-parameter-deprecated', here, 'deprecated');
    const schemas = { ...here, base: [...was.path, 'schema'], head: [...parameter.path, 'schema'] };
    compareSchemas(walk, was.node.schema, parameter.node.schema, schemas, 'request');
  }
  for (const [key, parameter] of before) {
    if (after.has(key)) continue;
    const here: Place = { ...place, base: parameter.path, label: labelOf(parameter) };
    walk.emit(
      'breaking',
      'request-parameter-removed',
      here,
      'parameter removed; clients that send it are refused or ignored',
    );
  }
}
