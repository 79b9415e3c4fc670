import { insertBySeq, removeBySeq, replaceBySeq, type Sequenced } from './seq-order.ts';

/**
 * Frozen records by id and, per group (an owner and environment, an endpoint), in `seq` order: the
 * events, webhook endpoints and deliveries of the embedded stores. Like the course index it
 * replaces records, never changes one.
 */
export class GroupedIndex<T extends Sequenced & { readonly id: string }> {
  readonly #byId = new Map<string, T>();
  readonly #byGroup = new Map<string, T[]>();

  /** `groupOf` names the group of a record; it never changes for a record's id. */
  constructor(private readonly groupOf: (record: T) => string) {}

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

  /** Inserts `record`, or puts it in the place of the record with its id. */
  put(record: T): void {
    const group = this.groupOf(record);
    let items = this.#byGroup.get(group);
    if (!items) {
      items = [];
      this.#byGroup.set(group, items);
    }
    if (this.#byId.has(record.id)) replaceBySeq(items, record);
    else insertBySeq(items, record);
    this.#byId.set(record.id, record);
  }

  /** Removes the record `id`, if there is one. */
  delete(id: string): void {
    const record = this.#byId.get(id);
    if (!record) return;
    this.#byId.delete(id);
    const group = this.groupOf(record);
    const items = this.#byGroup.get(group) ?? [];
    removeBySeq(items, record.seq);
    if (items.length === 0) this.#byGroup.delete(group);
  }

  clear(): void {
    this.#byId.clear();
    this.#byGroup.clear();
  }
}
