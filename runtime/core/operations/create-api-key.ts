import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import { ApiError } from '../model/api-error.ts';
import { apiKeyEvent } from '../operation-helpers/event-payload.ts';
import { newApiKey, replayNewKey } from '../operation-helpers/new-api-key.ts';
import { auditOf, idempotentRecord, type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';
import { apiKeyView } from '../operation-helpers/representations.ts';

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

/**
 * `POST /api/v1/api-keys`: a new key for the ID token's subject, `prod` unless `test` is asked for. Its value is in this response only;
 * the store keeps an HMAC of it, and an idempotent replay re-derives it instead of storing it.
 */
export const createApiKey: OperationHandler = async (input, deps) => {
  const { store, clock, spec } = deps;
  const body = input.body as {
    name: string;
    environment?: KeyEnvironment;
    scopes?: string[];
    expiresAt?: string;
  };
  const now = clock();
  const expiresAt = checkExpiry(body.expiresAt, now);
  await deps.consumeKeyCreation(ownerOf(input.caller));
  const allScopes = (spec.document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const { value, record } = await newApiKey(
    input,
    deps,
    {
      name: body.name,
      environment: body.environment ?? 'prod',
      scopes: allScopes.filter((scope) => (body.scopes ?? allScopes).includes(scope)),
      expiresAt,
      rolledFrom: null,
    },
    now,
  );
  const view = apiKeyView({ ...record, seq: 0 }, now);
  await store.insertApiKey(
    record,
    idempotentRecord(input, 201, view, record.createdAt),
    auditOf(input),
    apiKeyEvent('api_key.created', deps.ids, now),
  );
  deps.observer.apiKeyCreated(record.environment);
  return { ...view, key: value };
};

createApiKey.replay = (stored, input, deps) => replayNewKey(stored, input, deps);
