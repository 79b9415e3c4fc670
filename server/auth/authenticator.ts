import type { IncomingHttpHeaders } from 'node:http';
import { parseApiKey } from '../../domain/api-key-format.ts';
import { KEY_HELP, malformedKeyDetail, TOKEN_HELP } from '../../domain/credential-help.ts';
import { bearerToken, looksLikeJwt } from '../../domain/credentials.ts';
import { ApiError } from '../http/api-error.ts';
import type { CredentialKind } from '../http/operation-table.ts';
import type { Store } from '../store/store.ts';
import { type Caller, REALM } from './caller.ts';
import type { IdTokenVerifier } from './id-token-verifier.ts';
import type { KeyHasher } from './key-hasher.ts';
import type { LastUsedTracker } from './last-used-tracker.ts';

/** Establishes the caller of a request from its credential. */
export interface Authenticator {
  /** The caller; throws a 401 {@link ApiError} when the credential is missing, wrong or invalid. */
  authenticate(headers: IncomingHttpHeaders, kind: CredentialKind): Promise<Caller>;
}

function unauthorized(
  code: ConstructorParameters<typeof ApiError>[0],
  detail: string,
  invalidToken = true,
): ApiError {
  const challenge = invalidToken
    ? `Bearer realm="${REALM}", error="invalid_token"`
    : `Bearer realm="${REALM}"`;
  return new ApiError(code, detail, { headers: { 'WWW-Authenticate': challenge } });
}

/** Creates the authenticator for API keys (course calls) and ID tokens (key management). */
export function createAuthenticator(deps: {
  store: Store;
  hasher: KeyHasher;
  idTokens: IdTokenVerifier;
  lastUsed: LastUsedTracker;
  clock: () => Date;
}): Authenticator {
  async function apiKeyCaller(headers: IncomingHttpHeaders): Promise<Caller> {
    const headerKey = typeof headers['x-api-key'] === 'string' ? headers['x-api-key'].trim() : undefined;
    const bearer = bearerToken(headers.authorization);
    if (headerKey === undefined && bearer === undefined)
      throw unauthorized('authentication_required', KEY_HELP, false);
    if (headerKey === undefined && bearer === null) {
      throw unauthorized(
        'invalid_api_key',
        `The Authorization header is not a Bearer credential. ${KEY_HELP}`,
      );
    }
    if (headerKey !== undefined && typeof bearer === 'string' && headerKey !== bearer) {
      throw unauthorized(
        'invalid_api_key',
        'Authorization and X-API-Key hold different keys; send the key in one of them.',
      );
    }
    const value = (headerKey ?? bearer) as string;
    if (looksLikeJwt(value)) {
      throw unauthorized(
        'wrong_credential_type',
        `Course calls take an API key, not an ID token. ${KEY_HELP}`,
      );
    }
    // Only well-formed values are ever hashed, so a recalled hash means the format was checked already.
    let hash = deps.hasher.recall(value);
    if (hash === undefined) {
      if (!parseApiKey(value)) throw unauthorized('invalid_api_key', malformedKeyDetail(value));
      hash = deps.hasher.hash(value);
    }
    const record = await deps.store.findApiKeyByHash(hash);
    if (!record)
      throw unauthorized(
        'invalid_api_key',
        'The API key is not known. Create one with POST /api/v1/api-keys.',
      );
    if (record.revokedAt !== null)
      throw unauthorized('api_key_revoked', 'The API key was revoked. Use or create another key.');
    const now = deps.clock();
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) {
      throw unauthorized('api_key_expired', `The API key expired at ${record.expiresAt}. Create a new key.`);
    }
    deps.lastUsed.touch(record.id, now);
    return {
      kind: 'apiKey',
      ownerId: record.ownerId,
      keyId: record.id,
      environment: record.environment,
      scopes: record.scopes,
    };
  }

  async function idTokenCaller(headers: IncomingHttpHeaders): Promise<Caller> {
    const bearer = bearerToken(headers.authorization);
    if (bearer === undefined) {
      if (headers['x-api-key'] !== undefined) {
        throw unauthorized(
          'wrong_credential_type',
          `Key management takes an ID token, not an API key. ${TOKEN_HELP}`,
        );
      }
      throw unauthorized('authentication_required', TOKEN_HELP, false);
    }
    if (bearer === null)
      throw unauthorized(
        'invalid_id_token',
        `The Authorization header is not a Bearer credential. ${TOKEN_HELP}`,
      );
    if (!looksLikeJwt(bearer) && parseApiKey(bearer)) {
      throw unauthorized(
        'wrong_credential_type',
        `Key management takes an ID token, not an API key. ${TOKEN_HELP}`,
      );
    }
    return { kind: 'idToken', ownerId: await deps.idTokens.verify(bearer) };
  }

  return {
    authenticate(headers, kind) {
      if (kind === 'apiKey') return apiKeyCaller(headers);
      if (kind === 'idToken') return idTokenCaller(headers);
      return Promise.resolve({ kind: 'anonymous' });
    },
  };
}
