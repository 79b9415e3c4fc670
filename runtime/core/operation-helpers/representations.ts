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

/** What {@link courseView} shows. */
type CourseView = ReturnType<typeof courseView>;

/** A course version's JSON and tags, with the view they were made from. */
interface Representation {
  view: CourseView;
  json: string;
  digest: Digest;
  etag?: string;
}

/**
 * A course's representation, kept per course id beside the view it was made from, so lists join
 * cached text instead of serialising every course. It relies on nothing from the store (records
 * may be new objects at every read): an entry answers only while every shown field is equal.
 */
export class CourseRepresentations {
  readonly #byId = new Map<string, Representation>();
  #chars = 0;

  /** At most `capacity` characters of JSON are kept (about twice that in memory, with the views). */
  constructor(private readonly capacity: number) {}

  /** The representation of `course`, made once per version of it. */
  of(course: CourseRecord): Representation {
    const known = this.#byId.get(course.id);
    if (known !== undefined && shows(known.view, course)) return known;
    const view = courseView(course);
    const json = JSON.stringify(view);
    const made: Representation = { view, json, digest: digestOf(json) };
    if (known !== undefined) this.#forget(course.id, known);
    this.#byId.set(course.id, made);
    this.#chars += json.length;
    // Insertion order, oldest out first: a hit moves nothing, so it costs one lookup; a hot course
    // pushed out is serialised again once.
    for (const [id, entry] of this.#byId) {
      if (this.#chars <= this.capacity) break;
      this.#forget(id, entry);
    }
    return made;
  }

  #forget(id: string, entry: Representation): void {
    this.#byId.delete(id);
    this.#chars -= entry.json.length;
  }
}

// Every shown field, not just `updatedAt`: two changes can land in one millisecond, and injected ids
// and clocks (mocks, tests) repeat an id and a time across stores in one process.
function shows(view: CourseView, course: CourseRecord): boolean {
  return (
    view.updatedAt === course.updatedAt &&
    view.status === course.status &&
    view.name === course.name &&
    view.description === course.description &&
    view.publishedAt === course.publishedAt &&
    view.archivedAt === course.archivedAt &&
    view.createdAt === course.createdAt &&
    view.environment === course.environment
  );
}

// Bounded by text, not entries, as a description may be 5,000 characters: 4M characters hold some
// ten thousand typical courses (hundreds of pages) and stay near 20 MB whatever the courses hold.
const representations = new CourseRepresentations(4_000_000);

/** {@link courseView} as JSON text, serialised once per version of the course. */
export function courseJson(course: CourseRecord): string {
  return representations.of(course).json;
}

/** The strong `ETag` of {@link courseJson}, computed once per version of the course. */
export function courseEtag(course: CourseRecord): string {
  const entry = representations.of(course);
  // Only a single course's answer needs its tag as text; a page combines digests.
  entry.etag ??= etagOfDigest(entry.digest);
  return entry.etag;
}

/** The digest behind {@link courseEtag}, for the tag of a page of courses. */
export function courseDigest(course: CourseRecord): Digest {
  return representations.of(course).digest;
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
