/**
 * The embedded store: one implementation of the `Store` port over an in-memory model, which the
 * mocks use as it is and the server's sql.js backend persists.
 *
 * @example
 * const store = createMemoryStore();
 * await store.insertCourse(course);
 *
 * @module
 */

export * from './api-key-events.ts';
export * from './api-key-index.ts';
export * from './course-index.ts';
export * from './embedded-event-store.ts';
export * from './embedded-store.ts';
export * from './event-model.ts';
export * from './idempotency-index.ts';
export * from './memory-store.ts';
export * from './store-model.ts';
