import type { Emit, Place } from './change.ts';
import {
  compareBounds,
  compareTypes,
  compareValues,
  type Direction,
  levelOf,
} from './schema-keyword-changes.ts';
import { type Located, type SchemaView, schemaView } from './schema-view.ts';

export type { Direction } from './schema-keyword-changes.ts';

type Obj = Record<string, unknown>;

/** The two documents being compared. */
interface Pair {
  base: Obj;
  head: Obj;
}

/** What a comparison walks with: the two documents, and where its changes go. */
export interface Walk {
  docs: Pair;
  emit: Emit;
}

/** A schema comparison's walk: which way data flows, and the schema pairs already compared. */
interface SchemaWalk extends Walk {
  direction: Direction;
  seen: Set<string>;
}

const at = (place: Place, base: Located, head: Located, label: string): Place => ({
  ...place,
  base: base.path,
  head: head.path,
  label: `${place.label}${label}`,
});

/**
 * Compares the schema at `base` with the one at `head` as data flowing in `direction`, reporting
 * each change of type, values, bounds, constraints, properties, required names, items and
 * choices. `$ref`s are followed; a pair of schemas met again is not walked twice.
 *
 * @example compareSchemas({ docs, emit }, baseSchema, headSchema, place, 'response');
 */
export function compareSchemas(
  walk: Walk,
  base: unknown,
  head: unknown,
  place: Place,
  direction: Direction,
): void {
  compare({ ...walk, direction, seen: new Set() }, base, head, place);
}

function compare(walk: SchemaWalk, base: unknown, head: unknown, place: Place): void {
  const b = schemaView(walk.docs.base, base, place.base);
  const h = schemaView(walk.docs.head, head, place.head);
  // By where the schemas are, not by the label: a recursive schema is walked once.
  const key = `${b.path.join('/')} ${h.path.join('/')}`;
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  const here: Place = { ...place, base: b.path, head: h.path };
  compareTypes(walk, b, h, here);
  compareValues(walk, b, h, here);
  compareBounds(walk, b, h, here);
  compareProperties(walk, b, h, here);
  compareExtra(walk, b, h, here);
  if (b.items && h.items) compare(walk, b.items.node, h.items.node, at(here, b.items, h.items, '[]'));
  compareChoices(walk, b, h, here);
}

/** Whether a property takes part in `direction`: read-only ones are never sent, write-only never answered. */
function flows(document: Obj, property: Located | undefined, direction: Direction): property is Located {
  if (!property) return false;
  const view = schemaView(document, property.node, property.path);
  return view.keywords.get(direction === 'request' ? 'readOnly' : 'writeOnly')?.value !== true;
}

/** Whether a property is marked deprecated (beside its `$ref`, or in what it names). */
function deprecated(document: Obj, property: Located): boolean {
  if (property.node.deprecated === true) return true;
  return schemaView(document, property.node, property.path).keywords.get('deprecated')?.value === true;
}

function compareProperties(walk: SchemaWalk, b: SchemaView, h: SchemaView, place: Place): void {
  const { direction, emit } = walk;
  for (const name of new Set([...b.properties.keys(), ...h.properties.keys()])) {
    const before = b.properties.get(name);
    const after = h.properties.get(name);
    const inBase = flows(walk.docs.base, before, direction);
    const inHead = flows(walk.docs.head, after, direction);
    const here: Place = {
      ...place,
      base: before?.path ?? [...place.base, 'properties', name],
      // A removed property is placed where it was (its nearest node still in head): reached through
      // another schema's `allOf`, it is the same finding as where that schema is used directly.
      head: after?.path ?? before?.path ?? [...place.head, 'properties', name],
      label: `${place.label}.${name}`,
    };
    if (inBase && inHead) {
      if (
        deprecated(walk.docs.base, before) !== deprecated(walk.docs.head, after) &&
        deprecated(walk.docs.head, after)
      )
        emit('safe', `${direction}-property-deprecated`, here, 'deprecated');
      compareRequired(walk, b.required.has(name), h.required.has(name), {
        ...here,
        head: [...h.path, 'required'],
      });
      compare(walk, before.node, after.node, here);
    } else if (inBase && direction === 'response') {
      emit('breaking', 'response-property-removed', here, 'property removed');
    } else if (inBase && h.extra?.value === false) {
      emit(
        'breaking',
        'request-property-removed',
        here,
        'property removed; requests that send it are refused (no other properties allowed)',
      );
    } else if (inBase) {
      emit('possibly-breaking', 'request-property-removed', here, 'property removed');
    } else if (inHead && direction === 'request' && h.required.has(name)) {
      emit('breaking', 'request-property-added-required', here, 'new required property');
    } else if (inHead) {
      emit('safe', `${direction}-property-added`, here, 'property added');
    }
  }
}

function compareRequired(walk: SchemaWalk, was: boolean, is: boolean, place: Place): void {
  if (was === is) return;
  const { direction, emit } = walk;
  if (direction === 'request' && is)
    emit('breaking', 'request-property-became-required', place, 'now required');
  else if (direction === 'request') emit('safe', 'request-property-became-optional', place, 'now optional');
  else if (!is) emit('breaking', 'response-property-became-optional', place, 'now optional (may be absent)');
  else emit('safe', 'response-property-became-required', place, 'now always present');
}

/** `additionalProperties` / `unevaluatedProperties`: closing an object narrows it, opening widens. */
function compareExtra(walk: SchemaWalk, b: SchemaView, h: SchemaView, place: Place): void {
  const before = b.extra?.value;
  const after = h.extra?.value;
  if (typeof before === 'object' && typeof after === 'object') {
    compare(walk, before.node, after.node, at(place, before, after, '{*}'));
    return;
  }
  const open = (value: typeof before) => value === undefined || value === true;
  if (open(before) === open(after)) return;
  const { direction, emit } = walk;
  const where = { ...place, head: h.extra?.path ?? h.path };
  if (open(before))
    emit(
      levelOf(direction, true),
      `${direction}-additional-properties-closed`,
      where,
      'properties not declared are no longer allowed',
    );
  else
    emit(
      levelOf(direction, false),
      `${direction}-additional-properties-opened`,
      where,
      'properties not declared are now allowed',
    );
}

/** `oneOf` / `anyOf`: alternatives compared by position; one added widens, one removed narrows. */
function compareChoices(walk: SchemaWalk, b: SchemaView, h: SchemaView, place: Place): void {
  const before = b.choices ?? [];
  const after = h.choices ?? [];
  before.slice(0, after.length).forEach((choice, i) => {
    const other = after[i] as Located;
    compare(walk, choice.node, other.node, at(place, choice, other, ` (alternative ${i + 1})`));
  });
  const { direction, emit } = walk;
  if (after.length > before.length)
    emit(
      levelOf(direction, false),
      `${direction}-choice-added`,
      place,
      `${after.length - before.length} more alternative schema(s)`,
    );
  if (before.length > after.length)
    emit(
      levelOf(direction, true),
      `${direction}-choice-removed`,
      place,
      `${before.length - after.length} alternative schema(s) removed`,
    );
}
