import { parseApiKey } from '../../domain/api-key-format.ts';
import { KEY_HELP, malformedKeyDetail, TOKEN_HELP } from '../../domain/credential-help.ts';
import { bearerToken, looksLikeJwt } from '../../domain/credentials.ts';
import type { ProblemCode } from '../../domain/problems.ts';
import { isValidSubject } from '../../domain/text.ts';
import { ApiError } from '../model/api-error.ts';
import { type Caller, REALM } from '../model/caller.ts';
import type { IdTokenVerifier, RequestHeaders } from '../model/ports.ts';
import type { Store } from '../model/store.ts';
import type { CredentialKind } from '../spec/operation-table.ts';
import type { KeyHasher } from './key-hasher.ts';
import type { LastUsedTracker } from './last-used-tracker.ts';

/** Establishes the caller of a request from its credential. */
export interface Authenticator {
  /** The caller; throws a 401 {@link ApiError} when the credential is missing, wrong or invalid. */
  authenticate(headers: RequestHeaders, kind: CredentialKind): Promise<Caller>;
}

const MCP_HELP =
  "Send an API key, an ID token (sign in: see the resource_metadata of this challenge) or the master key as 'Authorization: Bearer <credential>'.";

/** A 401 with its `WWW-Authenticate` challenge (`error="invalid_token"` unless nothing was sent). */
function unauthorized(code: ProblemCode, detail: string, invalidToken = true, cause?: unknown): ApiError {
  const challenge = invalidToken
    ? `Bearer realm="${REALM}", error="invalid_token"`
    : `Bearer realm="${REALM}"`;
  return new ApiError(code, detail, { headers: { 'WWW-Authenticate': challenge }, cause });
}

/**
 * The 401 for an ID token that is not valid, saying why (`it has expired`, …): every
 * {@link IdTokenVerifier} words its refusals with it. `cause` stays in the log.
 */
export function invalidIdToken(reason: string, cause?: unknown): ApiError {
  const detail = `The ID token is not valid: ${reason}. Sign in again for a fresh token.`;
  return unauthorized('invalid_id_token', detail, true, cause);
}

const header = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Creates the authenticator for API keys (course calls), ID tokens (key management) and the MCP
 * endpoint (the master key, when one is configured, an API key or an ID token as a bearer).
 */
export function createAuthenticator(deps: {
  store: Store;
  hasher: KeyHasher;
  idTokens: IdTokenVerifier;
  lastUsed: LastUsedTracker;
  clock: () => Date;
  isMasterKey?: ((value: string) => Promise<boolean>) | undefined;
}): Authenticator {
  async function apiKeyCaller(value: string): Promise<Caller> {
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
      hash = await deps.hasher.hash(value);
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

  function apiKeyOf(headers: RequestHeaders): Promise<Caller> {
    const headerKey = header(headers, 'x-api-key')?.trim();
    const bearer = bearerToken(header(headers, 'authorization'));
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
    return apiKeyCaller((headerKey ?? bearer) as string);
  }

  async function idTokenOf(headers: RequestHeaders): Promise<Caller> {
    const bearer = bearerToken(header(headers, 'authorization'));
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
    const subject = await deps.idTokens.verify(bearer);
    // Whatever the provider signs, a subject becomes stored text: it must be text every store keeps.
    if (!isValidSubject(subject))
      throw invalidIdToken("claim 'sub' must be a non-empty string without control characters");
    return { kind: 'idToken', ownerId: subject };
  }

  // Only the Authorization header counts for MCP: X-API-Key is not an MCP credential.
  async function mcpCallerOf(headers: RequestHeaders): Promise<Caller> {
    const bearer = bearerToken(header(headers, 'authorization'));
    if (bearer === undefined) throw unauthorized('authentication_required', MCP_HELP, false);
    if (bearer === null)
      throw unauthorized(
        'invalid_api_key',
        `The Authorization header is not a Bearer credential. ${MCP_HELP}`,
      );
    if (deps.isMasterKey && (await deps.isMasterKey(bearer))) return { kind: 'master' };
    // A signed-in MCP client (OAuth, per the MCP authorization spec) sends the user's ID token.
    if (looksLikeJwt(bearer)) return idTokenOf(headers);
    return apiKeyCaller(bearer);
  }

  return {
    async authenticate(headers, kind) {
      if (kind === 'apiKey') return apiKeyOf(headers);
      if (kind === 'idToken') return idTokenOf(headers);
      if (kind === 'mcp') return mcpCallerOf(headers);
      return { kind: 'anonymous' };
    },
  };
}
