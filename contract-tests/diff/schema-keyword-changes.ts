import { isDeepStrictEqual } from 'node:util';
import type { Level, Place } from './change.ts';
import type { SchemaView } from './schema-view.ts';

/** Which way data flows: a client sends requests and reads responses. */
export type Direction = 'request' | 'response';

/** Reports a change found in a schema compared in `direction`. */
export interface KeywordWalk {
  direction: Direction;
  emit: (level: Level, rule: string, place: Place, detail: string) => void;
}

/** Lower bounds: a larger value narrows what is allowed. */
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];
/** Upper bounds: a smaller value narrows what is allowed. */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
/** Constraints whose change cannot be ordered: added narrows, removed widens, changed may do either. */
const CONSTRAINTS = ['pattern', 'format', 'multipleOf', 'contentMediaType', 'contentEncoding'];

const list = (values: Iterable<unknown>) =>
  [...values].map((value) => `\`${JSON.stringify(value)}\``).join(', ');
const shown = (value: unknown, otherwise: string) =>
  value === undefined ? otherwise : JSON.stringify(value);

/**
 * The level of a change that narrows or widens what a schema allows: in a request, narrowing
 * breaks clients (what they send is refused) and widening is safe; in a response, widening may
 * break clients (they meet values they do not expect) and narrowing is safe.
 *
 * @example levelOf('request', true); // 'breaking'
 */
export function levelOf(direction: Direction, narrows: boolean): Level {
  if (direction === 'request') return narrows ? 'breaking' : 'safe';
  return narrows ? 'safe' : 'possibly-breaking';
}

/**
 * Compares the JSON types two schemas allow: a type removed from a request, or one added to a
 * response (`null` among them: the field may now be null), breaks clients.
 *
 * @example compareTypes(walk, baseView, headView, place);
 */
export function compareTypes(walk: KeywordWalk, b: SchemaView, h: SchemaView, place: Place): void {
  if (isDeepStrictEqual(b.types, h.types)) return;
  const removed = b.types ? [...b.types].filter((type) => !h.types?.has(type)) : ['any'];
  const added = h.types ? [...h.types].filter((type) => !b.types?.has(type)) : ['any'];
  const words = `type ${[...(b.types ?? ['any'])].join(' | ')} → ${[...(h.types ?? ['any'])].join(' | ')}`;
  const { direction, emit } = walk;
  if (direction === 'request') {
    if (removed.length > 0) emit('breaking', 'request-type-narrowed', place, words);
    else emit('safe', 'request-type-widened', place, words);
  } else if (added.length === 1 && added[0] === 'null') {
    emit('breaking', 'response-became-nullable', place, `may now be null (${words})`);
  } else if (added.length > 0) emit('breaking', 'response-type-changed', place, words);
  else emit('safe', 'response-type-narrowed', place, words);
}

/**
 * Compares the values two schemas allow (`enum`, `const`): values removed narrow, values added widen.
 *
 * @example compareValues(walk, baseView, headView, place);
 */
export function compareValues(walk: KeywordWalk, b: SchemaView, h: SchemaView, place: Place): void {
  if (isDeepStrictEqual(b.values, h.values)) return;
  const { direction, emit } = walk;
  const narrowed = (detail: string) =>
    emit(levelOf(direction, true), `${direction}-enum-narrowed`, place, detail);
  const widened = (detail: string) =>
    emit(levelOf(direction, false), `${direction}-enum-widened`, place, detail);
  if (!h.values) widened(`no longer limited to ${list(b.values ?? [])}`);
  else if (!b.values) narrowed(`now limited to ${list(h.values)}`);
  else changedValues(b.values, h.values, narrowed, widened);
}

function changedValues(
  before: unknown[],
  after: unknown[],
  narrowed: (detail: string) => void,
  widened: (detail: string) => void,
): void {
  const removed = before.filter((value) => !after.some((other) => isDeepStrictEqual(other, value)));
  const added = after.filter((value) => !before.some((other) => isDeepStrictEqual(other, value)));
  if (removed.length > 0) narrowed(`value ${list(removed)} removed`);
  if (added.length > 0) widened(`value ${list(added)} added`);
}

/** Whether a change of keyword `name` from `before` to `after` narrows what is allowed (undefined: cannot tell). */
function narrows(name: string, before: unknown, after: unknown): boolean | undefined {
  if (before === undefined) return after !== false;
  if (after === undefined) return false;
  if (LOWER.includes(name)) return Number(after) > Number(before);
  if (UPPER.includes(name)) return Number(after) < Number(before);
  if (name === 'uniqueItems') return after === true;
  return undefined;
}

/**
 * Compares bounds (lengths, ranges, item counts) and constraints (`pattern`, `format`, …): one
 * added or tightened narrows, one removed or loosened widens, a changed pattern may do either.
 *
 * @example compareBounds(walk, baseView, headView, place);
 */
export function compareBounds(walk: KeywordWalk, b: SchemaView, h: SchemaView, place: Place): void {
  const { direction, emit } = walk;
  for (const name of [...LOWER, ...UPPER, ...CONSTRAINTS, 'uniqueItems']) {
    const before = b.keywords.get(name)?.value;
    const after = h.keywords.get(name)?.value;
    if (isDeepStrictEqual(before, after)) continue;
    const where = { ...place, head: h.keywords.get(name)?.path ?? h.path };
    const words = `${name} ${shown(before, 'added')} → ${shown(after, 'removed')}`;
    const rule = CONSTRAINTS.includes(name) ? `${direction}-constraint` : `${direction}-bound`;
    const narrowing = narrows(name, before, after);
    if (narrowing === undefined) emit('possibly-breaking', `${rule}-changed`, where, words);
    else emit(levelOf(direction, narrowing), `${rule}-${narrowing ? 'narrowed' : 'widened'}`, where, words);
  }
}
