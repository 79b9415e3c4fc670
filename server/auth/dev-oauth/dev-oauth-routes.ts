import { ApiError } from '@course-service/runtime';
import { isValidSubject } from '@course-service/runtime/domain/text';
import type { Context } from 'koa';
import { corsHeaders } from '../../http/cors.ts';
import { pageHeaders } from '../../page-headers.ts';
import { publicOrigin } from '../../public-origin.ts';
import { addressQuota } from './address-quota.ts';
import { createDevAuthorizationState, type DevAuthorizationState } from './authorization-codes.ts';
import { authorizePage } from './authorize-page.ts';
import { formBody, jsonBody } from './form-body.ts';
import { oauthBody, oauthError } from './oauth-errors.ts';
import { acceptableRedirect, redirectMatches } from './redirect-uris.ts';

const BODY_LIMIT = 16_384;
/** Registrations and sign-in form submissions per client address a minute: ample for development. */
const WRITES_PER_MINUTE = 60;

/** The development authorization server's issuer: this server's origin and `/oauth`. */
const devIssuer = (origin: string) => `${origin}/oauth`;

/** RFC 8414 metadata of the development authorization server. */
export function devAuthorizationServerMetadata(origin: string) {
  const issuer = devIssuer(origin);
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
  };
}

/**
 * The authorization request checked: the client, a redirect URI it registered (any port on
 * loopback), `code` with PKCE S256.
 */
function checkAuthorization(state: DevAuthorizationState, params: URLSearchParams) {
  const clientId = params.get('client_id') ?? '';
  const client = state.client(clientId);
  if (!client)
    throw new ApiError(
      'validation_failed',
      `Unknown client_id '${clientId}': register the client first (POST /oauth/register).`,
    );
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!redirectMatches(client.redirectUris, redirectUri)) {
    throw new ApiError(
      'validation_failed',
      'redirect_uri must be one of the URIs the client registered (on loopback, with any port).',
    );
  }
  if (params.get('response_type') !== 'code')
    throw new ApiError('validation_failed', "response_type must be 'code'.");
  const codeChallenge = params.get('code_challenge') ?? '';
  if (params.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
    throw new ApiError(
      'validation_failed',
      'PKCE is required: send code_challenge with code_challenge_method=S256.',
    );
  }
  return { client, redirectUri, codeChallenge };
}

/**
 * The development authorization server (only when no identity provider is configured), enough for
 * an MCP client that follows the MCP authorization spec: dynamic client registration
 * (`POST /oauth/register`), the authorization code flow with PKCE S256 (`/oauth/authorize`, a
 * sign-in form that asks for a subject), and `POST /oauth/token`, which answers the development
 * identity provider's ID token as the access token.
 */
export function devOAuthRoutes(options: {
  issueToken: (subject: string) => Promise<string>;
  lifetimeSeconds: number;
  trustProxy: boolean;
}) {
  const state = createDevAuthorizationState();
  const takeWrite = addressQuota(WRITES_PER_MINUTE, 60);
  return async function devOAuth(ctx: Context): Promise<void> {
    // A browser MCP client registers and redeems its code from its own page: both endpoints answer
    // any origin (a code is redeemed only with its PKCE verifier), and their preflights.
    if (ctx.path === '/oauth/register' || ctx.path === '/oauth/token') {
      const asked = ctx.get('Access-Control-Request-Method');
      const preflight = ctx.method === 'OPTIONS' && asked !== '';
      const requestHeaders = ctx.get('Access-Control-Request-Headers') || undefined;
      const cors = corsHeaders(
        '*',
        preflight
          ? { preflight: { methods: 'POST', requestHeaders } }
          : { expose: 'Retry-After, X-Request-Id' },
      );
      for (let i = 0; i < cors.length; i += 2) ctx.set(cors[i] as string, cors[i + 1] as string);
      if (preflight) {
        ctx.status = 204;
        return;
      }
    }
    const route = `${ctx.method} ${ctx.path}`;
    if (route === 'POST /oauth/register' || route === 'POST /oauth/authorize') takeWrite(ctx.ip);
    if (route === 'POST /oauth/register') {
      const body = await oauthBody(ctx, 'invalid_client_metadata', () => jsonBody(ctx, BODY_LIMIT));
      if (!body) return;
      const uris = body.redirect_uris;
      if (!Array.isArray(uris) || uris.length === 0 || !uris.every(acceptableRedirect)) {
        return oauthError(
          ctx,
          400,
          'invalid_redirect_uri',
          'redirect_uris must list https URLs or http URLs on a loopback host.',
        );
      }
      const name = typeof body.client_name === 'string' ? body.client_name.slice(0, 100) : undefined;
      const client = state.register(uris, name);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        client_id: client.clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        redirect_uris: client.redirectUris,
        ...(name !== undefined && { client_name: name }),
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      };
      return;
    }
    // HEAD answers like GET; Koa sends its headers without the body.
    if (route === 'GET /oauth/authorize' || route === 'HEAD /oauth/authorize') {
      const params = new URLSearchParams(ctx.querystring);
      const { client, redirectUri } = checkAuthorization(state, params);
      // The form's answer redirects to the client, which Chromium checks against form-action.
      ctx.set(pageHeaders({ formsToSelf: true, formRedirectOrigins: [new URL(redirectUri).origin] }));
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = authorizePage(params, client.clientName ?? client.clientId);
      return;
    }
    if (route === 'POST /oauth/authorize') {
      const params = await formBody(ctx, BODY_LIMIT);
      const { client, redirectUri, codeChallenge } = checkAuthorization(state, params);
      const subject = params.get('sub')?.trim();
      if (!isValidSubject(subject))
        throw new ApiError('validation_failed', "Enter a subject to sign in as ('sub').");
      const code = state.issueCode({ clientId: client.clientId, redirectUri, codeChallenge, subject });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      const stateParam = params.get('state');
      if (stateParam !== null) target.searchParams.set('state', stateParam);
      const origin = publicOrigin(ctx.headers, options.trustProxy);
      if (origin) target.searchParams.set('iss', devIssuer(origin));
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(target.href);
      return;
    }
    if (route === 'POST /oauth/token') {
      const params = await oauthBody(ctx, 'invalid_request', () => formBody(ctx, BODY_LIMIT));
      if (!params) return;
      if (params.get('grant_type') !== 'authorization_code') {
        return oauthError(ctx, 400, 'unsupported_grant_type', "grant_type must be 'authorization_code'.");
      }
      const [code, clientId, redirectUri, verifier] = [
        'code',
        'client_id',
        'redirect_uri',
        'code_verifier',
      ].map((name) => params.get(name) ?? '') as [string, string, string, string];
      if (clientId === '') return oauthError(ctx, 400, 'invalid_request', 'client_id is required.');
      if (!state.client(clientId))
        return oauthError(ctx, 401, 'invalid_client', `Unknown client_id '${clientId}'.`);
      const redeemed = state.redeem(code, clientId, redirectUri, verifier);
      if ('error' in redeemed) return oauthError(ctx, 400, 'invalid_grant', redeemed.error);
      const token = await options.issueToken(redeemed.subject);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        access_token: token,
        token_type: 'Bearer',
        expires_in: options.lifetimeSeconds,
      };
      return;
    }
    if (['/oauth/register', '/oauth/authorize', '/oauth/token'].includes(ctx.path)) {
      const allow = ctx.path === '/oauth/authorize' ? 'GET, HEAD, POST' : 'POST';
      throw new ApiError(
        'method_not_allowed',
        `${ctx.method} is not allowed on '${ctx.path}'; use ${allow}.`,
        {
          headers: { Allow: allow },
        },
      );
    }
    throw new ApiError('not_found', `No endpoint at '${ctx.path}'.`);
  };
}
