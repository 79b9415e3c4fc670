import { type Digest, digestOf, etagOfDigest } from '../../domain/etag.ts';
import type { ApiKeyEventRecord, ApiKeyRecord, CourseRecord } from '../model/store.ts';

/** A course as the API shows it (the spec's `Course`). */
export function courseView(course: Omit<CourseRecord, 'seq'>) {
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    status: course.status,
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
    publishedAt: course.publishedAt,
    archivedAt: course.archivedAt,
    environment: course.environment,
  };
}

// The Store port promises frozen records, one object per unchanged course, so a record's JSON and
// ETag can be kept for as long as the record lives: lists then join cached text instead of
// serialising every course.
const courseJsonCache = new WeakMap<CourseRecord, { json: string; digest: Digest; etag?: string }>();

function cached(course: CourseRecord): { json: string; digest: Digest; etag?: string } {
  let entry = courseJsonCache.get(course);
  if (entry === undefined) {
    const json = JSON.stringify(courseView(course));
    entry = { json, digest: digestOf(json) };
    courseJsonCache.set(course, entry);
  }
  return entry;
}

/** {@link courseView} as JSON text, serialised once per version of the course. */
export function courseJson(course: CourseRecord): string {
  return cached(course).json;
}

/** The strong `ETag` of {@link courseJson}, computed once per version of the course. */
export function courseEtag(course: CourseRecord): string {
  const entry = cached(course);
  // Only a single course's answer needs its tag as text; a page combines digests.
  entry.etag ??= etagOfDigest(entry.digest);
  return entry.etag;
}

/** The digest behind {@link courseEtag}, for the tag of a page of courses. */
export function courseDigest(course: CourseRecord): Digest {
  return cached(course).digest;
}

/** An API key as the API shows it (the spec's `ApiKey`), never with its value or hash. */
export function apiKeyView(key: ApiKeyRecord, now: Date, pendingLastUsed?: string) {
  const status =
    key.revokedAt !== null
      ? 'revoked'
      : key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()
        ? 'expired'
        : 'active';
  const lastUsedAt =
    pendingLastUsed && (!key.lastUsedAt || pendingLastUsed > key.lastUsedAt)
      ? pendingLastUsed
      : key.lastUsedAt;
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    environment: key.environment,
    scopes: [...key.scopes],
    status,
    createdAt: key.createdAt,
    lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    rolledFrom: key.rolledFrom,
    rolledTo: key.rolledTo,
  };
}

/** An entry of a key's history as the API shows it (the spec's `ApiKeyEvent`). */
export function apiKeyEventView(event: ApiKeyEventRecord) {
  return {
    type: event.type,
    at: event.at,
    actor: { type: event.actorType, subject: event.actorSubject },
    requestId: event.requestId,
    relatedKeyId: event.relatedKeyId,
  };
}
