import {
  formatApiKey,
  KEY_RANDOM_LENGTH,
  type KeyEnvironment,
  parseApiKey,
} from '../../domain/api-key-format.ts';
import { randomBase62 } from '../../domain/base62.ts';
import type { ApiKeyRecord, IdempotentResponse } from '../model/store.ts';
import { type OperationDeps, type OperationInput, ownerOf } from './operation.ts';

/** What a new key is made of, besides its value: what `createApiKey` is asked for, or what `rollApiKey` carries over. */
export interface NewKeyFields {
  name: string;
  environment: KeyEnvironment;
  scopes: string[];
  expiresAt: string | null;
  rolledFrom: string | null;
}

/** The random part of a key: derived when the request is idempotent, so a replay shows the same value. */
async function randomPart(input: OperationInput, deps: Pick<OperationDeps, 'hasher'>): Promise<string> {
  const { idempotency } = input;
  return idempotency
    ? deps.hasher.deriveRandom(idempotency.scope, idempotency.key, KEY_RANDOM_LENGTH)
    : randomBase62(KEY_RANDOM_LENGTH);
}

/**
 * A new key's value and the record the store keeps of it (an HMAC of the value, never the value),
 * created now for the caller.
 */
export async function newApiKey(
  input: OperationInput,
  deps: OperationDeps,
  fields: NewKeyFields,
  now: Date,
): Promise<{ value: string; record: Omit<ApiKeyRecord, 'seq'> }> {
  const value = formatApiKey(deps.apiKeyPrefix, fields.environment, await randomPart(input, deps));
  const record = {
    id: deps.ids.apiKeyId(),
    ownerId: ownerOf(input.caller),
    name: fields.name,
    hash: await deps.hasher.hash(value),
    start: (parseApiKey(value) as { start: string }).start,
    environment: fields.environment,
    scopes: fields.scopes,
    createdAt: now.toISOString(),
    lastUsedAt: null,
    expiresAt: fields.expiresAt,
    revokedAt: null,
    rolledFrom: fields.rolledFrom,
    rolledTo: null,
  };
  return { value, record };
}

/** A stored answer of a key creation with its value again, re-derived: the value itself is never stored. */
export async function replayNewKey(
  stored: IdempotentResponse,
  input: OperationInput,
  deps: Pick<OperationDeps, 'hasher'>,
): Promise<unknown> {
  const view = stored.body as { start: string };
  const [prefix, environment] = view.start.split('_') as [string, KeyEnvironment];
  return { ...view, key: formatApiKey(prefix, environment, await randomPart(input, deps)) };
}
