import {
  readJsonBody,
  tokenEndpointTakesPost,
  tokenGrantAnswer,
  tokenRequestSubject,
} from '@course-service/runtime';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { KoaRequest } from '../http/node-request.ts';
import { answerRoute, jsonAnswer } from '../http/route-answer.ts';

const TOKEN_PATH = '/dev/token';
const JWKS_PATH = '/dev/.well-known/jwks.json';

/** What the development identity provider's routes serve. */
export interface DevIdentityRouteOptions {
  issueToken(subject: string): Promise<string>;
  /** Lifetime of the tokens it issues, in seconds. */
  lifetimeSeconds: number;
  /** Its public keys, as a JWKS. */
  jwks(): Promise<unknown>;
  /** Larger token requests answer 413, as the API's requests do. */
  bodyLimitBytes: number;
  logger: Logger;
}

/** `POST /dev/token`: the body read with `koa-body` as the API's bodies are, its subject checked. */
async function tokenAnswer(ctx: Context, options: DevIdentityRouteOptions, requestId: string) {
  if (ctx.method !== 'POST') throw tokenEndpointTakesPost(TOKEN_PATH);
  const request = new KoaRequest(ctx, ctx.path, ctx.querystring, requestId);
  const subject = tokenRequestSubject(await readJsonBody(request, options.bodyLimitBytes));
  return tokenGrantAnswer(await options.issueToken(subject), options.lifetimeSeconds, requestId);
}

/**
 * The development identity provider's routes (only while no identity provider is configured):
 * `POST /dev/token` with `{"sub": "<subject>"}` answers `{"idToken": "…"}` (`405` with
 * `Allow: POST` for other methods; `400 validation_failed` for a bad subject; `413`, `415` and
 * `400 malformed_json` as the API answers them), and `GET /dev/.well-known/jwks.json` its public
 * keys. Any other path under `/dev` goes on to the next route, then the service, which answers
 * `404`. Each answer is named for metrics and traces by its path.
 *
 * @example serverRoutes({ '/dev': devIdentityRoutes({ issueToken, lifetimeSeconds: 3600, jwks, bodyLimitBytes, logger }) })
 */
export function devIdentityRoutes(options: DevIdentityRouteOptions): Middleware {
  return async function devIdentity(ctx: Context, next: Next): Promise<void> {
    const { path, method } = ctx;
    const readsKeys = path === JWKS_PATH && (method === 'GET' || method === 'HEAD');
    if (path !== TOKEN_PATH && !readsKeys) return next();
    await answerRoute(ctx, options.logger, async (requestId) =>
      readsKeys ? jsonAnswer(await options.jwks(), requestId) : tokenAnswer(ctx, options, requestId),
    );
  };
}
