import type { IdempotencyClaim, IdempotencyClaimRequest, IdempotentResponse } from '../core/index.ts';
import { StoreConflictError } from '../core/index.ts';
import { textBefore } from './api-key-index.ts';

/** What an Idempotency-Key holds: a request's claim on it, or the response stored under it. */
type Entry =
  | { kind: 'claim'; leaseUntil: string }
  // The body as JSON text, as the SQL tables keep it: each read parses a body no caller shares.
  // `heldUntil`: the lease of the claim it completed, until that request releases it.
  | {
      kind: 'stored';
      response: Readonly<Omit<IdempotentResponse, 'body'>>;
      body: string;
      heldUntil?: string | undefined;
    };

/**
 * Idempotency-Keys in plain JS: the claims of requests in flight and the responses stored, by
 * scope and key. Every call is synchronous, so a claim is checked and taken in one step and no
 * other claim slips in between. The memory store keeps everything here; the sql.js store keeps its
 * responses in SQL too and this in step with them.
 */
export class IdempotencyIndex {
  readonly #entries = new Map<string, Entry>();

  /**
   * Claims `claim`'s key: `busy` while another claim's lease runs (also after its response is
   * stored, until its request releases it: the sql.js store acknowledges a write only once it is
   * durable, and a duplicate must not replay a response before that), `stored` while its response
   * has not expired; otherwise the key is now this request's. A claim whose lease ran out (its
   * request never finished) is taken over, as is an expired response.
   */
  claim(claim: IdempotencyClaimRequest): IdempotencyClaim {
    const id = idOf(claim.scope, claim.key);
    const entry = this.#entries.get(id);
    const heldUntil = entry?.kind === 'claim' ? entry.leaseUntil : entry?.heldUntil;
    if (heldUntil !== undefined && !textBefore(heldUntil, claim.now)) return { kind: 'busy' };
    if (entry?.kind === 'stored' && !textBefore(entry.response.createdAt, claim.expiredBefore)) {
      return { kind: 'stored', response: { ...entry.response, body: JSON.parse(entry.body) } };
    }
    this.#entries.set(id, { kind: 'claim', leaseUntil: claim.leaseUntil });
    return { kind: 'claimed' };
  }

  /** Drops the claim on `scope` and `key`; a response stored under it stays, and may be replayed. */
  release(scope: string, key: string): void {
    const id = idOf(scope, key);
    const entry = this.#entries.get(id);
    if (entry?.kind === 'claim') this.#entries.delete(id);
    else if (entry) entry.heldUntil = undefined;
  }

  /** Throws a {@link StoreConflictError} if a response is stored under `response`'s key (expired or not). */
  assertFree(response: IdempotentResponse | undefined): void {
    if (response && this.#entries.get(idOf(response.scope, response.key))?.kind === 'stored') {
      throw new StoreConflictError('a response is already stored under this key');
    }
  }

  /** Stores `response` (a copy, the body as JSON text), completing the claim on its key. */
  store(response: IdempotentResponse): void {
    const claim = this.#entries.get(idOf(response.scope, response.key));
    const heldUntil = claim?.kind === 'claim' ? claim.leaseUntil : undefined;
    this.restore(response, JSON.stringify(response.body ?? null), heldUntil);
  }

  /** Stores a response whose body is already JSON text (a row of the sql.js store, at open). */
  restore(response: Omit<IdempotentResponse, 'body'>, body: string, heldUntil?: string): void {
    const { scope, key, requestHash, status, createdAt } = response;
    const stored = Object.freeze({ scope, key, requestHash, status, createdAt });
    this.#entries.set(idOf(scope, key), { kind: 'stored', response: stored, body, heldUntil });
  }

  /** Forgets the responses created before `createdBefore` (compared as SQLite compares text). */
  purge(createdBefore: string): void {
    for (const [id, entry] of this.#entries) {
      if (entry.kind === 'stored' && textBefore(entry.response.createdAt, createdBefore)) {
        this.#entries.delete(id);
      }
    }
  }
}

/** The map key of an Idempotency-Key; length-prefixed, so no scope and key make another pair's. */
function idOf(scope: string, key: string): string {
  return `${scope.length}:${scope}\n${key}`;
}
