import type { Auth } from './gen/client/index.ts';

/** A credential, or a function that returns a fresh one (ID tokens expire) for every request. */
export type Credential = string | (() => string | Promise<string>);

/** Which credential an operation takes: the API key for courses, the ID token for key management. */
export type CredentialKind = 'apiKey' | 'idToken';

/** The credentials of a client, and where its API key goes. */
export interface Credentials {
  apiKey?: Credential | undefined;
  idToken?: Credential | undefined;
  apiKeyHeader?: boolean | undefined;
}

const resolve = async (credential: Credential | undefined) =>
  typeof credential === 'function' ? credential() : credential;

/**
 * The hey-api `auth` callback that sends the credential of `kind`. hey-api asks once per security
 * scheme of the operation (bearer and X-API-Key for courses); answering only the chosen one sends
 * exactly one credential header. It does not say which scheme it asks about, only its shape, and
 * the ID token's shape is the same as the API key's bearer: so the caller picks the kind.
 *
 * @example createConfig({ auth: authCallback('apiKey', { apiKey: 'cms_prod_…' }) })
 */
export function authCallback(kind: CredentialKind, credentials: Credentials) {
  const header = kind === 'apiKey' && credentials.apiKeyHeader;
  return async (auth: Auth): Promise<string | undefined> => {
    const chosen = header
      ? auth.type === 'apiKey' && auth.name === 'X-API-Key'
      : auth.type === 'http' && auth.scheme === 'bearer';
    return chosen ? resolve(credentials[kind]) : undefined;
  };
}

/**
 * Puts a fresh value of a credential function on a retry's request, so a token refreshed between
 * attempts (by an `onResponse` hook) goes out; `undefined` for a fixed credential, which cannot change.
 *
 * @example await reauthorizer('idToken', { idToken: () => token })?.(request);
 */
export function reauthorizer(kind: CredentialKind, credentials: Credentials) {
  const credential = credentials[kind];
  if (typeof credential !== 'function') return undefined;
  const asHeader = kind === 'apiKey' && credentials.apiKeyHeader;
  return async (request: Request): Promise<void> => {
    const value = await credential();
    if (asHeader) request.headers.set('X-API-Key', value);
    else request.headers.set('Authorization', `Bearer ${value}`);
  };
}
