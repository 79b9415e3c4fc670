import { isValidSubject } from '../domain/text.ts';
import { ApiError } from './model/api-error.ts';
import type { Answer } from './pipeline/answer.ts';

// A development identity provider's token endpoint, as both adapters serve one (the server's Koa
// route, the mocks' msw handler): the answers they share. Where it is served is theirs to say.

/**
 * The `405` of any method but `POST` at the token endpoint at `path`, with `Allow: POST`.
 *
 * @example throw tokenEndpointTakesPost('/login/token');
 */
export function tokenEndpointTakesPost(path: string): ApiError {
  return new ApiError('method_not_allowed', `Use POST ${path}.`, { headers: { Allow: 'POST' } });
}

/**
 * The subject a token request's body names (`{"sub": "<subject>"}`), checked as identity
 * providers check subjects; `400 validation_failed` naming `/sub` otherwise.
 *
 * @example tokenRequestSubject({ sub: 'alice' }) // 'alice'
 */
export function tokenRequestSubject(body: unknown): string {
  const subject = (body as { sub?: unknown } | undefined)?.sub;
  if (isValidSubject(subject)) return subject;
  throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
    extensions: {
      errors: [
        {
          location: 'body',
          pointer: '/sub',
          detail: 'must be a non-empty string of at most 255 characters, without control characters',
        },
      ],
    },
  });
}

/**
 * The `200` a token endpoint answers an issued ID token with: `{"idToken", "tokenType": "Bearer",
 * "expiresIn"}`, never cached.
 *
 * @example tokenGrantAnswer('eyJ…', 3600, requestId).body // '{"idToken":"eyJ…","tokenType":"Bearer","expiresIn":3600}'
 */
export function tokenGrantAnswer(idToken: string, lifetimeSeconds: number, requestId: string): Answer {
  const body = JSON.stringify({ idToken, tokenType: 'Bearer', expiresIn: lifetimeSeconds });
  const headers = ['X-Request-Id', requestId, 'Cache-Control', 'no-store', 'Content-Type', JSON_TYPE];
  return { status: 200, headers, body };
}

const JSON_TYPE = 'application/json; charset=utf-8';
