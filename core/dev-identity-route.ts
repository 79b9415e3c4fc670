import { isValidSubject } from '../domain/text.ts';
import { ApiError } from './model/api-error.ts';
import type { DevIdentityProvider } from './model/ports.ts';
import type { Answer } from './pipeline/answer.ts';
import type { HeaderList } from './pipeline/header-list.ts';
import type { IncomingRequest } from './pipeline/incoming-request.ts';
import { readJsonBody } from './pipeline/read-json-body.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const TOKEN_PATH = '/dev/token';
const JWKS_PATH = '/dev/.well-known/jwks.json';

/** The development identity provider's route that `path` is, if it is one (for metrics and traces). */
export function devRouteOf(path: string): string | undefined {
  return path === TOKEN_PATH || path === JWKS_PATH ? path : undefined;
}

/** The `sub` of a token request, checked as identity providers check subjects. */
function subjectOf(body: unknown): string {
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
 * The development identity provider's endpoints: `POST /dev/token` with `{"sub": "<subject>"}` →
 * `{"idToken": "…"}`, and `GET /dev/.well-known/jwks.json`. `undefined` for any other path.
 */
export async function devIdentityAnswer(
  request: IncomingRequest,
  provider: DevIdentityProvider,
  bodyLimit: number,
  headers: HeaderList,
): Promise<Answer | undefined> {
  const reads = request.method === 'GET' || request.method === 'HEAD';
  if (request.path === JWKS_PATH && provider.jwks && reads) {
    headers.set('Content-Type', JSON_TYPE);
    return { status: 200, headers: headers.flat(), body: JSON.stringify(await provider.jwks()) };
  }
  if (request.path !== TOKEN_PATH) return undefined;
  if (request.method !== 'POST') {
    throw new ApiError('method_not_allowed', 'Use POST /dev/token.', { headers: { Allow: 'POST' } });
  }
  const subject = subjectOf(await readJsonBody(request, bodyLimit));
  const token = {
    idToken: await provider.issue(subject),
    tokenType: 'Bearer',
    expiresIn: provider.lifetimeSeconds,
  };
  headers.set('Cache-Control', 'no-store').set('Content-Type', JSON_TYPE);
  return { status: 200, headers: headers.flat(), body: JSON.stringify(token) };
}
