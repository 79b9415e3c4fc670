import type { ApiKeyEventRecord, ApiKeyEventType, Audit, PageQuery } from '../core/index.ts';
import { newestBefore } from './seq-order.ts';

/** An event to append, before the store gives it its `seq`. */
export type NewApiKeyEvent = Omit<ApiKeyEventRecord, 'seq'>;

/** What the service records itself (an expiry): no subject, no request. */
export const SERVICE_AUDIT: Audit = { actorType: 'service', actorSubject: null, requestId: null };

/**
 * The event `type` of `key` at `at`, by `audit`'s actor and request; `relatedKeyId` names the other
 * key of a roll.
 *
 * @example keyEvent(key, 'revoked', revokedAt, audit)
 */
export function keyEvent(
  key: { id: string; ownerId: string },
  type: ApiKeyEventType,
  at: string,
  audit: Audit,
  relatedKeyId: string | null = null,
): NewApiKeyEvent {
  const { actorType, actorSubject, requestId } = audit;
  return { keyId: key.id, ownerId: key.ownerId, type, at, actorType, actorSubject, requestId, relatedKeyId };
}

/** The `expired` event of a key that has an expiry, recorded by the service at that time. */
export function expiryEvent(key: { id: string; ownerId: string; expiresAt: string | null }): NewApiKeyEvent {
  return keyEvent(key, 'expired', key.expiresAt ?? '', SERVICE_AUDIT);
}

/** Every key's history in plain JS, per key in `seq` order; frozen records, never changed. */
export class ApiKeyEventLog {
  readonly #byKey = new Map<string, ApiKeyEventRecord[]>();

  /** Appends a frozen `event`, whose `seq` is the largest yet. */
  add(event: ApiKeyEventRecord): void {
    let events = this.#byKey.get(event.keyId);
    if (!events) {
      events = [];
      this.#byKey.set(event.keyId, events);
    }
    events.push(event);
  }

  hasExpiry(keyId: string): boolean {
    return this.#byKey.get(keyId)?.some((event) => event.type === 'expired') ?? false;
  }

  /** Like `WHERE key_id = ? AND owner_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`. */
  list(query: PageQuery & { keyId: string }): ApiKeyEventRecord[] {
    const events = (this.#byKey.get(query.keyId) ?? []).filter((event) => event.ownerId === query.ownerId);
    return newestBefore(events, query.beforeSeq, query.limit);
  }
}
