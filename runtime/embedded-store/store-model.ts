import type {
  ApiKeyClientRecord,
  ApiKeyEventRecord,
  ApiKeyRecord,
  ApiKeyUsageRecord,
  CourseOwner,
  CourseRecord,
  IdempotentResponse,
} from '../core/index.ts';
import type { ApiKeyEventLog } from './api-key-events.ts';
import { ApiKeyIndex } from './api-key-index.ts';
import type { ApiKeyUsageLog } from './api-key-usage.ts';
import { CourseIndex, type CourseSource } from './course-index.ts';
import { type EventChanges, EventModel } from './event-model.ts';
import { IdempotencyIndex } from './idempotency-index.ts';

/** A sequence counter: the last seq given out. */
interface SeqCounter {
  last: number;
}

/**
 * What only the memory store keeps in its model: a backend with tables (sql.js) reads key
 * histories, usage and settings from them, so its model never grows with them.
 */
export interface LocalModel {
  history: ApiKeyEventLog;
  usage: ApiKeyUsageLog;
  fingerprint?: string | undefined;
}

/**
 * Everything the embedded stores read, in plain JS: the memory store's whole state, and the sql.js
 * store's read model, which takes each write only once sql.js holds it, so the two never disagree.
 * Records handed out are frozen, and replaced on change, never altered.
 */
export interface StoreModel {
  readonly courses: CourseIndex;
  readonly apiKeys: ApiKeyIndex;
  readonly idempotency: IdempotencyIndex;
  readonly events: EventModel;
  /** The memory store gives courses and keys one counter; the sql.js store a counter per table. */
  readonly courseSeq: SeqCounter;
  readonly apiKeySeq: SeqCounter;
  /** The last seq of an entry of a key's history. */
  readonly historySeq: SeqCounter;
  readonly local?: LocalModel | undefined;
}

/**
 * One write of an embedded store, every part optional: built and checked against the model with no
 * await since, persisted by the backend, then applied to the model by {@link applyWrite}. One object,
 * not a list of changes, so a write costs one allocation; a backend persists its parts in the order
 * they are declared here.
 */
export interface StoreWrite {
  /** A new course; its seq is the course counter's next. */
  insertedCourse?: CourseRecord | undefined;
  /** Courses changed in place: same id, owner and seq. Lists, so a write may change several at once. */
  updatedCourses?: readonly CourseRecord[] | undefined;
  deletedCourses?: readonly CourseRecord[] | undefined;
  /** Every course of an owner in one environment. */
  deletedCoursesOf?: CourseOwner | undefined;
  /** A key changed in place (revoked, or rolled: its expiry and replacement set). */
  replacedKey?: ApiKeyRecord | undefined;
  /** A new key; its seq is the key counter's next. */
  addedKey?: ApiKeyRecord | undefined;
  touchedKeys?: ReadonlyArray<{ id: string; lastUsedAt: string }> | undefined;
  /** Entries appended to keys' histories, their seqs given. */
  keyEvents?: readonly ApiKeyEventRecord[] | undefined;
  usageCounts?: readonly ApiKeyUsageRecord[] | undefined;
  usageClients?: readonly ApiKeyClientRecord[] | undefined;
  /** The response completing an Idempotency-Key's claim. */
  idempotent?: IdempotentResponse | undefined;
  purgedIdempotentBefore?: string | undefined;
  /** The secret fingerprint, recorded the first time it is checked. */
  fingerprint?: string | undefined;
  events?: EventChanges | undefined;
}

/**
 * A model with nothing in it, counters at 0 (one counter for courses and keys when `oneSeq`); with
 * `source`, courses load from it on demand (see {@link CourseIndex}).
 */
export function emptyModel(
  options: { source?: CourseSource; oneSeq?: boolean; local?: LocalModel } = {},
): StoreModel {
  const courseSeq = { last: 0 };
  return {
    courses: new CourseIndex(options.source),
    apiKeys: new ApiKeyIndex(),
    idempotency: new IdempotencyIndex(),
    events: new EventModel(),
    courseSeq,
    apiKeySeq: options.oneSeq ? courseSeq : { last: 0 },
    historySeq: { last: 0 },
    local: options.local,
  };
}

/** Applies `write`, which the backend holds now, to `model`. */
export function applyWrite(model: StoreModel, write: StoreWrite): void {
  const { courses, apiKeys, local } = model;
  if (write.insertedCourse) {
    courses.put(write.insertedCourse);
    model.courseSeq.last = write.insertedCourse.seq;
  }
  for (const course of write.updatedCourses ?? NONE) courses.put(course);
  for (const course of write.deletedCourses ?? NONE) courses.delete(course.id);
  if (write.deletedCoursesOf) courses.deleteAll(write.deletedCoursesOf);
  if (write.replacedKey) apiKeys.put(write.replacedKey);
  if (write.addedKey) {
    apiKeys.put(write.addedKey);
    model.apiKeySeq.last = write.addedKey.seq;
  }
  for (const { id, lastUsedAt } of write.touchedKeys ?? NONE) apiKeys.touch(id, lastUsedAt);
  if (write.idempotent) model.idempotency.store(write.idempotent);
  if (write.purgedIdempotentBefore !== undefined) model.idempotency.purge(write.purgedIdempotentBefore);
  if (write.events) model.events.apply(write.events);
  if (!local) return;
  for (const event of write.keyEvents ?? NONE) local.history.add(event);
  if (write.usageCounts) local.usage.add(write.usageCounts);
  if (write.usageClients) local.usage.keep(write.usageClients);
  local.fingerprint ??= write.fingerprint;
}

/** Nothing to iterate, without an allocation per write. */
const NONE: readonly never[] = [];
