import * as oauth from 'oauth4webapi';
import type { DashboardConfig } from './config.ts';

type OidcConfig = Extract<DashboardConfig, { mode: 'oidc' }>;

/** The short-lived secrets of one sign-in attempt, kept in session storage across the redirect. */
interface PendingSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

const PENDING_KEY = 'course-service.dashboard.oidc-pending';

const redirectUri = () => `${location.origin}/dashboard/callback`;

// Plain HTTP is accepted for a provider on this machine only (development and tests).
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  return issuer.protocol === 'http:' && isLoopback(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(config: OidcConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.issuer);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, requestOptions(issuer)));
}

/**
 * Starts the authorization-code flow with PKCE (S256), `state` and `nonce`: stores the verifier for
 * the callback and sends the browser to the provider's authorization endpoint.
 *
 * @example await startOidcSignIn(config, '/dashboard/settings/api-keys');
 */
export async function startOidcSignIn(config: OidcConfig, returnTo: string): Promise<void> {
  const as = await discover(config);
  if (!as.authorization_endpoint) throw new Error('The identity provider has no authorization endpoint.');
  const pending: PendingSignIn = {
    codeVerifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: config.scope ?? 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  }).toString();
  location.assign(url.href);
}

/**
 * Finishes the flow on `/dashboard/callback`: checks `state`, redeems the code with the PKCE
 * verifier, validates the ID token's claims (issuer, audience, nonce, expiry) and
 * returns it with the page to go back to. The code is removed from the address bar first; the
 * token's signature is verified by the server on every call.
 *
 * @example const { idToken, returnTo } = await completeOidcSignIn(config);
 */
export async function completeOidcSignIn(config: OidcConfig): Promise<{ idToken: string; returnTo: string }> {
  const callbackUrl = new URL(location.href);
  history.replaceState(null, '', '/dashboard/callback');
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) throw new Error('No sign-in was in progress in this tab. Start again from the sign-in page.');
  const pending = JSON.parse(raw) as PendingSignIn;
  const as = await discover(config);
  const client: oauth.Client = { client_id: config.clientId };
  const params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state);
  const options = requestOptions(new URL(config.issuer));
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.codeVerifier,
    options,
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  if (!result.id_token) throw new Error('The identity provider returned no ID token.');
  return { idToken: result.id_token, returnTo: pending.returnTo };
}
