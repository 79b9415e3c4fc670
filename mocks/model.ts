import type { KeyEnvironment } from '../domain/api-key-format.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';

/** A course as the mock keeps it: the API's fields, its owner, environment and place in the lists. */
export interface CourseRecord {
  id: string;
  ownerId: string;
  environment: KeyEnvironment;
  name: string;
  description: string;
  status: CourseStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  archivedAt: string | null;
  seq: number;
}

/** An API key as the mock keeps it, value included (a mock has nothing to protect). */
export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  name: string;
  value: string;
  start: string;
  environment: KeyEnvironment;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  seq: number;
}

/** The in-memory service: courses and keys, with the seed to go back to. */
export interface Model {
  courses: Map<string, CourseRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  /** The next sequence number; only grows, so cursors stay valid while items come and go. */
  nextSeq(): number;
  /** Finds a key by its value. */
  keyByValue(value: string): ApiKeyRecord | undefined;
  /** Newest first, below `beforeSeq`, at most `limit` (the caller asks one more to learn `hasMore`). */
  page<T extends { seq: number; ownerId: string }>(
    items: Iterable<T>,
    ownerId: string,
    limit: number,
    beforeSeq?: number,
  ): T[];
  /** Back to the seed. */
  reset(): void;
}

/**
 * Creates the model; `seed` builds the initial records and is run again on every `reset()`.
 *
 * @example const model = createModel((m) => m.courses.set(course.id, course));
 */
export function createModel(seed: (model: Model) => void): Model {
  let seq = 0;
  const model: Model = {
    courses: new Map(),
    apiKeys: new Map(),
    nextSeq: () => ++seq,
    keyByValue(value) {
      for (const key of model.apiKeys.values()) if (key.value === value) return key;
      return undefined;
    },
    page(items, ownerId, limit, beforeSeq = Number.MAX_SAFE_INTEGER) {
      return [...items]
        .filter((item) => item.ownerId === ownerId && item.seq < beforeSeq)
        .sort((a, b) => b.seq - a.seq)
        .slice(0, limit);
    },
    reset() {
      seq = 0;
      model.courses.clear();
      model.apiKeys.clear();
      seed(model);
    },
  };
  model.reset();
  return model;
}
