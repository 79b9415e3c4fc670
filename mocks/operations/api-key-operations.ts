import { formatApiKey, type KeyEnvironment, parseApiKey } from '../../domain/api-key-format.ts';
import { newApiKeyId } from '../../domain/ids.ts';
import { page } from '../../domain/pagination.ts';
import { MockApiError } from '../mock-error.ts';
import type { ApiKeyRecord } from '../model.ts';
import { apiKeyView } from '../views.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { pageQuery } from './pagination.ts';

const MAX_LIFETIME_MS = 366 * 24 * 3600 * 1000;

function checkExpiry(expiresAt: string | undefined, now: Date): string | null {
  if (expiresAt === undefined) return null;
  const at = Date.parse(expiresAt);
  if (at > now.getTime() && at <= now.getTime() + MAX_LIFETIME_MS) return new Date(at).toISOString();
  throw new MockApiError('validation_failed', 'The request has 1 invalid field.', {
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
 * The key-management operations: minted keys have the real format and work at once; revoked ones
 * are refused from the next request on.
 *
 * @example apiKeyOperations.createApiKey(input, context).key // 'cms_prod_…'
 */
export const apiKeyOperations = {
  listApiKeys({ query, caller }, { model, clock }) {
    const { limit, beforeSeq } = pageQuery(query);
    const environment = query.environment as string | undefined;
    const keys = [...model.apiKeys.values()].filter(
      (key) => environment === undefined || key.environment === environment,
    );
    const { data, hasMore, nextCursor } = page(
      model.page(keys, ownerOf(caller), limit + 1, beforeSeq),
      limit,
    );
    const now = clock();
    return { data: data.map((key) => apiKeyView(key, now)), hasMore, nextCursor };
  },
  createApiKey({ body, caller }, { model, clock, options, allScopes }) {
    const {
      name,
      scopes,
      expiresAt,
      environment = 'prod',
    } = body as {
      name: string;
      environment?: KeyEnvironment;
      scopes?: string[];
      expiresAt?: string;
    };
    const now = clock();
    const expiry = checkExpiry(expiresAt, now);
    const value = formatApiKey(options.apiKeyPrefix, environment);
    const key: ApiKeyRecord = {
      ...{
        id: newApiKeyId(),
        ownerId: ownerOf(caller),
        name,
        value,
        start: (parseApiKey(value) as { start: string }).start,
      },
      ...{ environment, scopes: allScopes.filter((scope) => (scopes ?? allScopes).includes(scope)) },
      ...{
        createdAt: now.toISOString(),
        lastUsedAt: null,
        expiresAt: expiry,
        revokedAt: null,
        seq: model.nextSeq(),
      },
    };
    model.apiKeys.set(key.id, key);
    return { ...apiKeyView(key, now), key: value };
  },
  revokeApiKey({ params, caller }, { model, clock }) {
    const key = model.apiKeys.get(params.keyId as string);
    if (!key || key.ownerId !== ownerOf(caller))
      throw new MockApiError('not_found', `No API key '${params.keyId}' exists.`);
    const now = clock();
    key.revokedAt ??= now.toISOString();
    return apiKeyView(key, now);
  },
} satisfies Record<string, OperationHandler>;
