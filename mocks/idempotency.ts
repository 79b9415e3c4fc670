import { canonicalJson } from '../domain/canonical-json.ts';
import { MockApiError } from './mock-error.ts';

/** How long a stored response is replayed, as the server keeps it. */
const RETENTION_MS = 24 * 3600 * 1000;

/** A response kept for replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The outcome of starting an idempotent request: replay a stored response, or run it and finish. */
export type IdempotencyStart = { replay: StoredResponse } | { finish: (response?: StoredResponse) => void };

/** Stripe-style idempotency, as the server's: replay, 422 on a changed body, 409 while in flight. */
export interface Idempotency {
  begin(scope: string, key: string, body: unknown): IdempotencyStart;
  reset(): void;
}

/**
 * Creates the guard. Bodies compare in canonical JSON, so key order and spacing are no change.
 *
 * @example
 * const started = idempotency.begin('alice createCourse', key, body);
 * if ('replay' in started) return started.replay;
 */
export function createIdempotency(clock: () => Date): Idempotency {
  const stored = new Map<string, StoredResponse & { request: string; at: number }>();
  const inFlight = new Set<string>();
  return {
    begin(scope, key, body) {
      const id = `${scope}\n${key}`;
      const request = canonicalJson(body);
      if (inFlight.has(id)) {
        throw new MockApiError(
          'idempotency_request_in_progress',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          {
            headers: { 'Retry-After': '1' },
          },
        );
      }
      const previous = stored.get(id);
      if (previous && previous.at > clock().getTime() - RETENTION_MS) {
        if (previous.request !== request) {
          throw new MockApiError(
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body; use a new key.',
          );
        }
        return { replay: previous };
      }
      inFlight.add(id);
      return {
        finish(response) {
          inFlight.delete(id);
          if (response) stored.set(id, { ...response, request, at: clock().getTime() });
        },
      };
    },
    reset() {
      stored.clear();
      inFlight.clear();
    },
  };
}
