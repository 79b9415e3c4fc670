/**
 * A write broke a uniqueness rule (an id, a key hash, or an Idempotency-Key already stored).
 * It exists so callers can tell a lost race (answer 409) from a broken store (answer 500); the
 * write changed nothing. Every store backend throws it.
 */
export class StoreConflictError extends Error {
  override readonly name = 'StoreConflictError';
}
