import { ApiError } from '../model/api-error.ts';
import type { ApiKeyRecord } from '../model/store.ts';
import { apiKeyEvent } from '../operation-helpers/event-payload.ts';
import { newApiKey, replayNewKey } from '../operation-helpers/new-api-key.ts';
import {
  auditOf,
  idempotentRecord,
  keyNotFound,
  type OperationHandler,
  ownerOf,
  type ServedSpec,
} from '../operation-helpers/operation.ts';
import { apiKeyView } from '../operation-helpers/representations.ts';

/** The grace window when the request names none: the spec's default for `oldKeyExpiresIn`. */
function defaultGraceSeconds(spec: ServedSpec): number {
  const schemas = spec.document.components.schemas as {
    ApiKeyRoll: { properties: { oldKeyExpiresIn: { default: number } } };
  };
  return schemas.ApiKeyRoll.properties.oldKeyExpiresIn.default;
}

/** Why `key` cannot be rolled at `now` (revoked, rolled already, expired), or `undefined` when it can. */
function whyNotRollable(key: ApiKeyRecord, now: Date): ApiError | undefined {
  if (key.revokedAt !== null)
    return new ApiError(
      'key_already_revoked',
      `The API key '${key.id}' was revoked at ${key.revokedAt}; a revoked key cannot be rolled. Create a new key.`,
    );
  if (key.rolledTo !== null)
    return new ApiError(
      'key_already_rolled',
      `The API key '${key.id}' was rolled already, to '${key.rolledTo}'; roll that key instead.`,
      { extensions: { rolledTo: key.rolledTo } },
    );
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime())
    return new ApiError(
      'key_already_expired',
      `The API key '${key.id}' expired at ${key.expiresAt}; an expired key cannot be rolled. Create a new key.`,
    );
  return undefined;
}

/** The replacement's expiry: none if the old key had none, else the old key's lifetime counted from now. */
function replacementExpiry(old: ApiKeyRecord, now: Date): string | null {
  if (old.expiresAt === null) return null;
  const lifetime = Date.parse(old.expiresAt) - Date.parse(old.createdAt);
  return new Date(now.getTime() + lifetime).toISOString();
}

/** The earlier of two ISO times, `b` when `a` is null. */
function earlier(a: string | null, b: string): string {
  return a !== null && Date.parse(a) < Date.parse(b) ? a : b;
}

/**
 * `POST /api/v1/api-keys/{keyId}/roll`: a new key with the old key's name, environment, scopes
 * and lifetime, and the old key set to expire after the grace window, in one write. Refuses a
 * key that is revoked, expired or rolled already (409), and counts as a key creation.
 */
export const rollApiKey: OperationHandler = async (input, deps) => {
  const { store, clock, spec } = deps;
  const ownerId = ownerOf(input.caller);
  const keyId = input.params.keyId as string;
  const now = clock();
  const old = await store.getApiKey(ownerId, keyId);
  if (!old) throw keyNotFound(keyId);
  const refusal = whyNotRollable(old, now);
  if (refusal) throw refusal;
  await deps.consumeKeyCreation(ownerId);
  const body = (input.body ?? {}) as { oldKeyExpiresIn?: number };
  const graceMs = (body.oldKeyExpiresIn ?? defaultGraceSeconds(spec)) * 1000;
  const { value, record } = await newApiKey(
    input,
    deps,
    {
      name: old.name,
      environment: old.environment,
      scopes: [...old.scopes],
      expiresAt: replacementExpiry(old, now),
      rolledFrom: old.id,
    },
    now,
  );
  const view = apiKeyView({ ...record, seq: 0 }, now);
  const rolled = await store.rollApiKey(
    {
      ownerId,
      id: old.id,
      now: now.toISOString(),
      expiresAt: earlier(old.expiresAt, new Date(now.getTime() + graceMs).toISOString()),
      replacement: record,
    },
    idempotentRecord(input, 201, view, record.createdAt),
    auditOf(input),
    apiKeyEvent('api_key.rolled', deps.ids, now),
  );
  if (!rolled) {
    // Another request revoked or rolled it since it was read: say what happened to it.
    const current = await store.getApiKey(ownerId, keyId);
    throw (current && whyNotRollable(current, now)) ?? keyNotFound(keyId);
  }
  deps.observer.apiKeyCreated(record.environment);
  return { ...view, key: value };
};

rollApiKey.replay = (stored, input, deps) => replayNewKey(stored, input, deps);
