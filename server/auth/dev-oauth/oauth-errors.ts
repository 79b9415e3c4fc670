import { ApiError } from '@course-service/runtime';
import type { Context } from 'koa';

/**
 * An OAuth error answer (RFC 6749 §5.2, RFC 7591 §3.2.2), which OAuth clients read, rather than a
 * problem: `{"error", "error_description"}` as `application/json`, never cached.
 *
 * @example oauthError(ctx, 400, 'invalid_request', 'client_id is required.');
 */
export function oauthError(ctx: Context, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/json';
  ctx.body = { error, error_description: description };
}

/**
 * The body `read` returns, or `undefined` once a body it refuses (wrong type, too large, not
 * JSON) is answered as the OAuth error `error`, keeping the refusal's status (400, 413 or 415).
 *
 * @example const params = await oauthBody(ctx, 'invalid_request', () => formBody(ctx, limit));
 */
export async function oauthBody<T>(
  ctx: Context,
  error: string,
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (refused) {
    if (!(refused instanceof ApiError)) throw refused;
    oauthError(ctx, refused.status, error, refused.detail);
    return undefined;
  }
}
