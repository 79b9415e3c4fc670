/** How a change affects a client written against the base document. */
export type Level = 'breaking' | 'possibly-breaking' | 'safe';

/** The levels, most severe first. */
export const LEVELS: readonly Level[] = ['breaking', 'possibly-breaking', 'safe'];

/** One difference between two OpenAPI documents, from a client's side. */
export interface Change {
  level: Level;
  /** The kind of change, stable for scripts: `response-property-removed`, `request-enum-narrowed`, … */
  rule: string;
  /** The operation it affects (`GET /api/v1/courses`), or none for a change of the whole document. */
  operation: string | undefined;
  /** Where in the operation: `response 200 application/json body.data[].name`, `parameter status (query)`; empty for the operation itself. */
  where: string;
  /** What changed there, in words: `property removed`, `maxLength 100 → 50`. */
  detail: string;
  /** Where, in the head document (the nearest node still there when the change removed it). */
  pointer: string[];
  /** The line of `pointer` in the head document. */
  line: number;
  /** Only descriptions, summaries or examples changed: a patch release. */
  documentation: boolean;
}

/** An operation in one document: its node (at `paths/<template>/<method>`), and its path item's parameters. */
export interface OperationNode {
  operation: { node: Record<string, unknown>; path: string[] };
  pathParameters: Array<{ node: Record<string, unknown>; path: string[] }>;
}

/** Where the walk is: the node's path in each document, and what to call it in messages. */
export interface Place {
  base: string[];
  head: string[];
  /** `GET /api/v1/courses`, when inside an operation. */
  operation: string | undefined;
  /** `response 200 body`, `parameter status (query)`, … */
  label: string;
}

/** Collects changes as the walk finds them. */
export type Emit = (
  level: Level,
  rule: string,
  place: Place,
  detail: string,
  documentation?: boolean,
) => void;

/** A place one step further down: `key` in both documents, and `label` added to the description. */
export function down(place: Place, key: string | string[], label?: string): Place {
  const keys = Array.isArray(key) ? key : [key];
  return {
    ...place,
    base: [...place.base, ...keys],
    head: [...place.head, ...keys],
    label: label === undefined ? place.label : place.label ? `${place.label} ${label}` : label,
  };
}

/** Counts of changes by level. */
export function countByLevel(changes: readonly Change[]): Record<Level, number> {
  const counts: Record<Level, number> = { breaking: 0, 'possibly-breaking': 0, safe: 0 };
  for (const change of changes) counts[change.level]++;
  return counts;
}

/**
 * A change in one line of words: the operation, where in it, and what changed.
 *
 * @example describeChange(change); // 'GET /api/v1/courses: response 200 application/json body.data[].name: property removed'
 */
export function describeChange(change: Pick<Change, 'operation' | 'where' | 'detail'>): string {
  return [change.operation, change.where, change.detail].filter(Boolean).join(': ');
}
