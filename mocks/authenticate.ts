import { type KeyEnvironment, parseApiKey } from '../domain/api-key-format.ts';
import { KEY_HELP, malformedKeyDetail, TOKEN_HELP } from '../domain/credential-help.ts';
import { bearerToken, looksLikeJwt } from '../domain/credentials.ts';
import type { ProblemCode } from '../domain/problems.ts';
import { MockApiError } from './mock-error.ts';
import type { MockIdentityProvider } from './mock-identity-provider.ts';
import type { Model } from './model.ts';
import type { CredentialKind } from './operation-table.ts';

/** Who is calling, as established by authentication. An API key acts in its own environment. */
export type Caller =
  | { kind: 'apiKey'; ownerId: string; keyId: string; environment: KeyEnvironment; scopes: readonly string[] }
  | { kind: 'idToken'; ownerId: string }
  | { kind: 'anonymous' };

const REALM = 'course-service';

function unauthorized(code: ProblemCode, detail: string, invalidToken = true): MockApiError {
  const challenge = invalidToken
    ? `Bearer realm="${REALM}", error="invalid_token"`
    : `Bearer realm="${REALM}"`;
  return new MockApiError(code, detail, { headers: { 'WWW-Authenticate': challenge } });
}

/** What authentication looks things up in. */
export interface AuthDeps {
  model: Model;
  /** Declared ID tokens and their subjects. */
  idTokens: Readonly<Record<string, string>>;
  idp: MockIdentityProvider;
  clock: () => Date;
}

function apiKeyCaller(headers: Headers, deps: AuthDeps): Caller {
  const headerKey = headers.get('x-api-key')?.trim();
  const bearer = bearerToken(headers.get('authorization'));
  if (headerKey === undefined && bearer === undefined)
    throw unauthorized('authentication_required', KEY_HELP, false);
  if (headerKey === undefined && bearer === null) {
    throw unauthorized('invalid_api_key', `The Authorization header is not a Bearer credential. ${KEY_HELP}`);
  }
  if (headerKey !== undefined && typeof bearer === 'string' && headerKey !== bearer) {
    throw unauthorized(
      'invalid_api_key',
      'Authorization and X-API-Key hold different keys; send the key in one of them.',
    );
  }
  const value = (headerKey ?? bearer) as string;
  if (looksLikeJwt(value) || Object.hasOwn(deps.idTokens, value)) {
    throw unauthorized('wrong_credential_type', `Course calls take an API key, not an ID token. ${KEY_HELP}`);
  }
  if (!parseApiKey(value)) throw unauthorized('invalid_api_key', malformedKeyDetail(value));
  const record = deps.model.keyByValue(value);
  if (!record)
    throw unauthorized('invalid_api_key', 'The API key is not known. Create one with POST /api/v1/api-keys.');
  if (record.revokedAt !== null)
    throw unauthorized('api_key_revoked', 'The API key was revoked. Use or create another key.');
  const now = deps.clock();
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) {
    throw unauthorized('api_key_expired', `The API key expired at ${record.expiresAt}. Create a new key.`);
  }
  record.lastUsedAt = `${now.toISOString().slice(0, 16)}:00Z`;
  return {
    kind: 'apiKey',
    ownerId: record.ownerId,
    keyId: record.id,
    environment: record.environment,
    scopes: record.scopes,
  };
}

function idTokenCaller(headers: Headers, deps: AuthDeps): Caller {
  const bearer = bearerToken(headers.get('authorization'));
  if (bearer === undefined) {
    if (headers.has('x-api-key')) {
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
  if (Object.hasOwn(deps.idTokens, bearer))
    return { kind: 'idToken', ownerId: deps.idTokens[bearer] as string };
  if (!looksLikeJwt(bearer) && parseApiKey(bearer)) {
    throw unauthorized(
      'wrong_credential_type',
      `Key management takes an ID token, not an API key. ${TOKEN_HELP}`,
    );
  }
  const verified = deps.idp.verify(bearer);
  if ('reason' in verified) {
    throw unauthorized(
      'invalid_id_token',
      `The ID token is not valid: ${verified.reason}. Sign in again for a fresh token.`,
    );
  }
  return { kind: 'idToken', ownerId: verified.subject };
}

/**
 * Establishes the caller from the request's credential, with the server's rules and problem codes
 * (`authentication_required`, `invalid_api_key`, `api_key_revoked`, `api_key_expired`,
 * `invalid_id_token`, `wrong_credential_type`). Throws a 401 {@link MockApiError}.
 *
 * @example authenticate(request.headers, 'apiKey', deps) // { kind: 'apiKey', ownerId: 'mock-user', … }
 */
export function authenticate(headers: Headers, kind: CredentialKind, deps: AuthDeps): Caller {
  if (kind === 'apiKey') return apiKeyCaller(headers, deps);
  if (kind === 'idToken') return idTokenCaller(headers, deps);
  return { kind: 'anonymous' };
}
