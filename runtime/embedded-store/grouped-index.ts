import type { CourseOwner } from '../core/index.ts';
import { insertBySeq, removeBySeq, replaceBySeq, type Sequenced } from './seq-order.ts';

/** The group of an owner's records in one environment (a NUL cannot occur in an owner id). */
export const ownerGroup = (owner: CourseOwner): string => `${owner.ownerId}\u0000${owner.environment}`;

/** `record` when it belongs to `owner` in its environment. */
export function ownedBy<T extends CourseOwner>(record: T | undefined, owner: CourseOwner): T | undefined {
  return record?.ownerId === owner.ownerId && record.environment === owner.environment ? record : undefined;
}

/**
 * A frozen copy of `source` with `fields` only, in their order (so every record of a kind has one
 * shape), and `seq`.
 */
export function frozenRecord<T extends Sequenced>(fields: readonly string[], source: object, seq: number): T {
  const record: Record<string, unknown> = {};
  for (const field of fields)
    record[field] = field === 'seq' ? seq : (source as Record<string, unknown>)[field];
  return Object.freeze(record) as T;
}

/**
 * Frozen records by id and, per group, in `seq` order, so a page is a binary search plus the page:
 * the courses, keys, events, webhook endpoints and deliveries of the embedded stores. A record is
 * listed in every group `groupsOf` names for it (a course in its owner's, and in its owner's with
 * its status). Records are replaced, never changed, so one handed out stays as it was.
 */
export class GroupedIndex<T extends Sequenced & { readonly id: string }> {
  readonly #byId = new Map<string, T>();
  readonly #byGroup = new Map<string, T[]>();

  constructor(private readonly groupsOf: (record: T) => readonly string[]) {}

  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** The records of `group`, oldest first; read-only. */
  group(group: string): readonly T[] {
    return this.#byGroup.get(group) ?? [];
  }

  /** Every record, in no particular order. */
  all(): IterableIterator<T> {
    return this.#byId.values();
  }

  /** Inserts `record`, or puts it in the place of the record with its id, moving it between groups. */
  put(record: T): void {
    let previous = this.#byId.get(record.id);
    if (previous && previous.seq !== record.seq) {
      this.delete(previous.id);
      previous = undefined;
    }
    const before = previous ? this.groupsOf(previous) : [];
    const after = this.groupsOf(record);
    for (const group of before) if (!after.includes(group)) this.#remove(group, record.seq);
    for (const group of after) {
      let items = this.#byGroup.get(group);
      if (!items) {
        items = [];
        this.#byGroup.set(group, items);
      }
      if (before.includes(group)) replaceBySeq(items, record);
      else insertBySeq(items, record);
    }
    this.#byId.set(record.id, record);
  }

  /** Removes the record `id`, if there is one. */
  delete(id: string): void {
    const record = this.#byId.get(id);
    if (!record) return;
    this.#byId.delete(id);
    for (const group of this.groupsOf(record)) this.#remove(group, record.seq);
  }

  /** Removes every record of `group`, from its other groups too: one pass over each list. */
  deleteGroup(group: string): void {
    const touched = new Set<string>();
    for (const record of this.group(group)) {
      this.#byId.delete(record.id);
      for (const other of this.groupsOf(record)) touched.add(other);
    }
    for (const other of touched) {
      const kept = this.group(other).filter((record) => this.#byId.get(record.id) === record);
      if (kept.length > 0) this.#byGroup.set(other, kept);
      else this.#byGroup.delete(other);
    }
  }

  #remove(group: string, seq: number): void {
    const items = this.#byGroup.get(group);
    if (!items) return;
    removeBySeq(items, seq);
    if (items.length === 0) this.#byGroup.delete(group);
  }
}
