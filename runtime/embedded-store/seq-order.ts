/** Anything ordered by its `seq`, which is unique and only grows. */
export interface Sequenced {
  readonly seq: number;
}

/** The index of the first item whose `seq` is at least `seq` (the length when there is none). */
function lowerBound(items: readonly Sequenced[], seq: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((items[mid] as Sequenced).seq < seq) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Inserts `item` in `seq` order: a push for the newest (the usual case), a splice otherwise. */
export function insertBySeq<T extends Sequenced>(items: T[], item: T): void {
  const last = items.at(-1);
  if (last === undefined || last.seq < item.seq) items.push(item);
  else items.splice(lowerBound(items, item.seq), 0, item);
}

/** Removes the item with `seq`, if there is one. */
export function removeBySeq(items: Sequenced[], seq: number): void {
  const at = lowerBound(items, seq);
  if (items[at]?.seq === seq) items.splice(at, 1);
}

/** Puts `item` in the place of the item with the same `seq`. */
export function replaceBySeq<T extends Sequenced>(items: T[], item: T): void {
  const at = lowerBound(items, item.seq);
  if (items[at]?.seq === item.seq) items[at] = item;
}

/**
 * Up to `limit` items with `seq` below `beforeSeq` (all when it is undefined), newest first: a
 * binary search and then the page, like `WHERE seq < ? ORDER BY seq DESC LIMIT ?` on an index.
 * A negative `limit` means no limit, as in SQLite.
 */
export function newestBefore<T extends Sequenced>(
  items: readonly T[],
  beforeSeq: number | undefined,
  limit: number,
): T[] {
  let at = beforeSeq === undefined ? items.length : lowerBound(items, beforeSeq);
  const end = limit < 0 ? 0 : Math.max(0, at - limit);
  const page: T[] = [];
  while (at > end) page.push(items[--at] as T);
  return page;
}

/**
 * Up to `limit` items with `seq` above `afterSeq` that `keep` accepts, oldest first: like
 * `WHERE seq > ? AND … ORDER BY seq LIMIT ?` on an index.
 */
export function oldestAfter<T extends Sequenced>(
  items: readonly T[],
  afterSeq: number,
  limit: number,
  keep: (item: T) => boolean,
): T[] {
  const page: T[] = [];
  for (let at = lowerBound(items, afterSeq + 1); at < items.length && page.length < limit; at++) {
    const item = items[at] as T;
    if (keep(item)) page.push(item);
  }
  return page;
}
