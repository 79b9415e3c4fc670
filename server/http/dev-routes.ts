import type { Context, Next } from 'koa';
import type { DevIdentityProvider } from '../auth/dev-identity-provider.ts';
import { ApiError } from './api-error.ts';
import { readJsonBody } from './read-json-body.ts';

/**
 * The built-in development identity provider's endpoints: `GET /dev/.well-known/jwks.json` and
 * `POST /dev/token` with `{"sub": "<subject>"}` → `{"idToken": "…"}`. Mounted only in development;
 * `provider` sets the provider up on its first call.
 */
export function devRoutes(provider: () => Promise<DevIdentityProvider>, bodyLimit: number) {
  return async function dev(ctx: Context, next: Next): Promise<void> {
    if (ctx.path === '/dev/.well-known/jwks.json' && ctx.method === 'GET') {
      ctx.body = (await provider()).jwks;
      return;
    }
    if (ctx.path !== '/dev/token') return next();
    if (ctx.method !== 'POST') {
      throw new ApiError('method_not_allowed', 'Use POST /dev/token.', { headers: { Allow: 'POST' } });
    }
    const body = (await readJsonBody(ctx.req, bodyLimit)) as { sub?: unknown } | undefined;
    const subject = body?.sub;
    if (typeof subject !== 'string' || subject.trim() === '' || subject.length > 255) {
      throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
        extensions: {
          errors: [
            {
              location: 'body',
              pointer: '/sub',
              detail: 'must be a non-empty string of at most 255 characters',
            },
          ],
        },
      });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      idToken: await (await provider()).issueToken(subject),
      tokenType: 'Bearer',
      expiresIn: 3600,
    };
  };
}
