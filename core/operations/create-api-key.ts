import {
  formatApiKey,
  KEY_RANDOM_LENGTH,
  type KeyEnvironment,
  parseApiKey,
} from '../../domain/api-key-format.ts';
import { randomBase62 } from '../../domain/base62.ts';
import { ApiError } from '../model/api-error.ts';
import { idempotentRecord, type OperationHandler, type OperationInput, ownerOf } from './operation.ts';
import { apiKeyView } from './representations.ts';

const MAX_LIFETIME_MS = 366 * 24 * 3600 * 1000;

function checkExpiry(expiresAt: string | undefined, now: Date): string | null {
  if (expiresAt === undefined) return null;
  const at = Date.parse(expiresAt);
  if (at > now.getTime() && at <= now.getTime() + MAX_LIFETIME_MS) return new Date(at).toISOString();
  throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
    extensions: {
      errors: [
        {
          location: 'body',
          pointer: '/expiresAt',
          detail: 'must be in the future and at most 366 days ahead',
        },
      ],
    },
  });
}

/** The random part of the key: derived when the creation is idempotent, so a replay shows the same value. */
async function randomPart(
  input: OperationInput,
  deriveRandom: (scope: string, key: string, length: number) => Promise<string>,
): Promise<string> {
  const { idempotency } = input;
  return idempotency
    ? deriveRandom(idempotency.scope, idempotency.key, KEY_RANDOM_LENGTH)
    : randomBase62(KEY_RANDOM_LENGTH);
}

/**
 * `POST /api/v1/api-keys`: a new key for the ID token's subject, `prod` unless `test` is asked for. Its value is in this response only;
 * the store keeps an HMAC of it, and an idempotent replay re-derives it instead of storing it.
 */
export const createApiKey: OperationHandler = async (input, deps) => {
  const { store, clock, ids, hasher, spec } = deps;
  const body = input.body as {
    name: string;
    environment?: KeyEnvironment;
    scopes?: string[];
    expiresAt?: string;
  };
  const now = clock();
  const expiresAt = checkExpiry(body.expiresAt, now);
  await deps.consumeKeyCreation(ownerOf(input.caller));
  const environment = body.environment ?? 'prod';
  const value = formatApiKey(deps.apiKeyPrefix, environment, await randomPart(input, hasher.deriveRandom));
  const allScopes = (spec.document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const record = {
    id: ids.apiKeyId(),
    ownerId: ownerOf(input.caller),
    name: body.name,
    hash: await hasher.hash(value),
    start: (parseApiKey(value) as { start: string }).start,
    environment,
    scopes: allScopes.filter((scope) => (body.scopes ?? allScopes).includes(scope)),
    createdAt: now.toISOString(),
    lastUsedAt: null,
    expiresAt,
    revokedAt: null,
  };
  const view = apiKeyView({ ...record, seq: 0 }, now);
  await store.insertApiKey(record, idempotentRecord(input, 201, view, record.createdAt));
  deps.observer.apiKeyCreated(environment);
  return { ...view, key: value };
};

createApiKey.replay = async (stored, input, { hasher }) => {
  const view = stored.body as { start: string };
  const [prefix, environment] = view.start.split('_') as [string, 'prod' | 'test'];
  return { ...view, key: formatApiKey(prefix, environment, await randomPart(input, hasher.deriveRandom)) };
};
