import { MockApiError, problemResponse } from './mock-error.ts';
import { ID_TOKEN_LIFETIME_SECONDS, type MockIdentityProvider } from './mock-identity-provider.ts';
import { readJsonBody } from './read-json-body.ts';
import { requestIdOf } from './responses.ts';

/**
 * `POST /dev/token` with `{"sub": "<subject>"}` → `{"idToken": "…"}`, like the server's development
 * identity provider, so tests get ID tokens the same way from the mock and from a server.
 *
 * @example const response = await devTokenResponse(request, idp, 65_536);
 */
export async function devTokenResponse(
  request: Request,
  idp: MockIdentityProvider,
  bodyLimit: number,
): Promise<Response> {
  const requestId = requestIdOf(request.headers);
  const instance = new URL(request.url).pathname;
  try {
    const body = (await readJsonBody(request, bodyLimit)) as { sub?: unknown } | undefined;
    const subject = body?.sub;
    if (typeof subject !== 'string' || subject.trim() === '' || subject.length > 255) {
      throw new MockApiError('validation_failed', 'The request has 1 invalid field.', {
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
    const headers = {
      'Cache-Control': 'no-store',
      'X-Request-Id': requestId,
      'Content-Type': 'application/json',
    };
    const token = { idToken: idp.issue(subject), tokenType: 'Bearer', expiresIn: ID_TOKEN_LIFETIME_SECONDS };
    return new Response(JSON.stringify(token), { status: 200, headers });
  } catch (error) {
    if (error instanceof MockApiError) return problemResponse(error, instance, requestId);
    throw error;
  }
}
