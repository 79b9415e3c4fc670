import { createHash } from 'node:crypto';
import { canonicalJson } from '../../domain/canonical-json.ts';
import { ApiError } from '../http/api-error.ts';
import type { IdempotentResponse, Store } from '../store/store.ts';

/** How long a stored response is replayed. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

/** The outcome of starting an idempotent request: replay a stored response, or run it and release after. */
type IdempotencyStart = { replay: IdempotentResponse } | { release: () => void };

/** Stripe-style idempotency: replays, rejects a changed body (422) and a concurrent duplicate (409). */
export interface Idempotency {
  begin(scope: string, key: string, requestHash: string): Promise<IdempotencyStart>;
}

/** SHA-256 of a request body in canonical JSON, so key order and spacing do not count as a change. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** Creates the idempotency guard over `store`. */
export function createIdempotency(store: Store, clock: () => Date): Idempotency {
  const inFlight = new Set<string>();
  return {
    async begin(scope, key, hash) {
      const id = `${scope}\n${key}`;
      // Checked and taken before any await, so two concurrent duplicates cannot both pass.
      if (inFlight.has(id)) {
        throw new ApiError(
          'idempotency_request_in_progress',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          { headers: { 'Retry-After': '1' } },
        );
      }
      inFlight.add(id);
      const release = () => inFlight.delete(id);
      try {
        const stored = await store.getIdempotentResponse(scope, key);
        if (!stored) return { release };
        const cutoff = clock().getTime() - IDEMPOTENCY_RETENTION_MS;
        if (Date.parse(stored.createdAt) <= cutoff) {
          // Expired but not yet purged: purge now, so this key can be stored again.
          await store.purgeIdempotentResponses(new Date(cutoff).toISOString());
          return { release };
        }
        release();
        if (stored.requestHash !== hash) {
          throw new ApiError(
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body; use a new key.',
          );
        }
        return { replay: stored };
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}
