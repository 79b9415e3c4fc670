import type { ApiKeyRecord, CourseRecord, IdempotentResponse } from '../core/index.ts';
import type { KeyEnvironment } from '../domain/api-key-format.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';

/** Anything ordered by its `seq`, which is unique and only grows. */
interface Sequenced {
  readonly seq: number;
}

/**
 * A frozen copy of `course` with its fields only, in one order: no caller's object is kept (it could
 * change it), and every record has the same shape.
 */
export function courseRecord(course: Omit<CourseRecord, 'seq'>, seq: number): CourseRecord {
  return Object.freeze({
    id: course.id,
    ownerId: course.ownerId,
    environment: course.environment,
    name: course.name,
    description: course.description,
    status: course.status,
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
    publishedAt: course.publishedAt,
    archivedAt: course.archivedAt,
    seq,
  });
}

/** A frozen copy of `key`, its scopes too, with its fields only, in one order. */
export function keyRecord(key: Omit<ApiKeyRecord, 'seq'>, seq: number): ApiKeyRecord {
  return Object.freeze({
    id: key.id,
    ownerId: key.ownerId,
    name: key.name,
    hash: key.hash,
    start: key.start,
    environment: key.environment,
    scopes: Object.freeze([...key.scopes]) as string[],
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    seq,
  });
}

/** What an Idempotency-Key holds: a request's claim on it, or the response stored under it. */
export type IdempotencyEntry =
  | { kind: 'claim'; leaseUntil: string }
  // The body as JSON text, as the SQL backends keep it: each read parses a body no caller shares.
  | { kind: 'stored'; response: Readonly<Omit<IdempotentResponse, 'body'>>; body: string };

/** `response` as an {@link IdempotencyEntry}, copied: the caller's body may change after. */
export function storedEntry(response: IdempotentResponse): IdempotencyEntry {
  const { scope, key, requestHash, status, createdAt } = response;
  const body = JSON.stringify(response.body ?? null);
  return { kind: 'stored', response: Object.freeze({ scope, key, requestHash, status, createdAt }), body };
}

/** The response a stored entry holds, with a body of its own. */
export function responseOf(entry: IdempotencyEntry & { kind: 'stored' }): IdempotentResponse {
  return { ...entry.response, body: JSON.parse(entry.body) };
}

/** The map key of an Idempotency-Key; length-prefixed, so no scope and key make another pair's. */
export function idempotencyId(scope: string, key: string): string {
  return `${scope.length}:${scope}\n${key}`;
}

/**
 * The name of one list of an owner's records: in every environment or one, of every status or one.
 * The owner id is length-prefixed, so no owner id can make another owner's name.
 */
export function listKey(ownerId: string, environment?: KeyEnvironment, status?: CourseStatus): string {
  return `${ownerId.length}:${ownerId}/${environment ?? '*'}/${status ?? '*'}`;
}

/** The list named `name` in `lists`, made when first needed. */
export function listIn<T>(lists: Map<string, T[]>, name: string): T[] {
  let items = lists.get(name);
  if (!items) {
    items = [];
    lists.set(name, items);
  }
  return items;
}

/** The names of the lists a course is in: its owner's in its environment, and that with its status. */
export function courseLists(course: CourseRecord): [all: string, byStatus: string] {
  return [
    listKey(course.ownerId, course.environment),
    listKey(course.ownerId, course.environment, course.status),
  ];
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

/**
 * Puts `item` in `seq` order, in the place of the item with its `seq` if there is one: a push for a
 * new record (it has the largest seq yet), a binary search otherwise.
 */
export function place<T extends Sequenced>(items: T[], item: T): void {
  const last = items.at(-1);
  if (last === undefined || last.seq < item.seq) {
    items.push(item);
    return;
  }
  const at = lowerBound(items, item.seq);
  if (items[at]?.seq === item.seq) items[at] = item;
  else items.splice(at, 0, item);
}

/** Removes the item with `seq` from `items`, if both are there. */
export function removeSeq(items: Sequenced[] | undefined, seq: number): void {
  if (!items) return;
  const at = lowerBound(items, seq);
  if (items[at]?.seq === seq) items.splice(at, 1);
}

/**
 * Up to `limit` items with `seq` below `beforeSeq` (all when it is undefined), newest first, like
 * `WHERE seq < ? ORDER BY seq DESC LIMIT ?`: a binary search, then only the page is visited.
 */
export function newestBefore<T extends Sequenced>(
  items: readonly T[],
  beforeSeq: number | undefined,
  limit: number,
): T[] {
  let at = beforeSeq === undefined ? items.length : lowerBound(items, beforeSeq);
  const end = Math.max(0, at - limit);
  const page: T[] = [];
  while (at > end) page.push(items[--at] as T);
  return page;
}
