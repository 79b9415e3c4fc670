import { canonicalJson } from '../../domain/canonical-json.ts';
import { ApiError } from '../model/api-error.ts';
import type { IdempotentResponse, Store } from '../model/store.ts';

/** How long a stored response is replayed. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

/**
 * How long a claim holds its key before another instance may take it over: longer than any request
 * runs, short enough that a crashed instance's claims do not block a client's retries for long.
 */
const IDEMPOTENCY_LEASE_MS = 60_000;

/** The outcome of starting an idempotent request: replay a stored response, or run it and release after. */
type IdempotencyStart = { replay: IdempotentResponse } | { release: () => void };

/** Stripe-style idempotency: replays, rejects a changed body (422) and a concurrent duplicate (409). */
export interface Idempotency {
  begin(scope: string, key: string, requestHash: string): Promise<IdempotencyStart>;
}

/** SHA-256 of a request body in canonical JSON, so key order and spacing do not count as a change. */
export async function requestHash(body: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(body)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates the idempotency guard over `store`. The claim lives in the store, so a duplicate sent to
 * another instance sharing the database is refused as surely as one sent to this instance.
 */
export function createIdempotency(
  store: Store,
  clock: () => Date,
  onReleaseError: (error: unknown) => void = () => undefined,
): Idempotency {
  return {
    async begin(scope, key, hash) {
      const now = clock().getTime();
      const claim = await store.claimIdempotencyKey({
        scope,
        key,
        requestHash: hash,
        now: new Date(now).toISOString(),
        leaseUntil: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString(),
        expiredBefore: new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString(),
      });
      if (claim.kind === 'busy') {
        throw new ApiError(
          'idempotency_request_in_progress',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          { headers: { 'Retry-After': '1' } },
        );
      }
      if (claim.kind === 'claimed') {
        // After success the insert has completed the claim and releasing changes nothing; after a
        // failure it frees the key for the client's retry.
        return { release: () => void store.releaseIdempotencyKey(scope, key).catch(onReleaseError) };
      }
      if (claim.response.requestHash !== hash) {
        throw new ApiError(
          'idempotency_key_reused',
          'This Idempotency-Key was used with a different request body; use a new key.',
        );
      }
      return { replay: claim.response };
    },
  };
}
