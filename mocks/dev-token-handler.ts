import {
  type Answer,
  problemAnswer,
  readJsonBody,
  tokenEndpointTakesPost,
  tokenGrantAnswer,
  tokenRequestSubject,
} from '@course-service/runtime';
import { type HttpHandler, http } from 'msw';
import { incomingRequest, toResponse } from './fetch-exchange.ts';

const TOKEN_PATH = '/dev/token';

/**
 * The mocks' `POST /dev/token` under `baseUrl`, answered as the server's development identity
 * provider answers it: `{"sub": "<subject>"}` → `{"idToken": "…"}`, a token the mock's verifier
 * accepts; `405` with `Allow: POST` for other methods; `400 validation_failed` for a bad subject;
 * the body's `413`, `415` and `400 malformed_json` as the API answers them. Any other path (even
 * `/dev/token/`) is left to the handlers after it.
 *
 * @example setupServer(devTokenHandler({ baseUrl, bodyLimitBytes, issue, lifetimeSeconds, requestId }), ...)
 */
export function devTokenHandler(options: {
  baseUrl: string;
  bodyLimitBytes: number;
  issue(subject: string): string;
  /** Lifetime of the tokens `issue` makes, in seconds. */
  lifetimeSeconds: number;
  /** The request's id, as the mock's other answers take it. */
  requestId(request: Request): Promise<string>;
}): HttpHandler {
  const base = new URL(options.baseUrl).pathname.replace(/\/$/, '');
  return http.all(`${options.baseUrl}${TOKEN_PATH}`, async ({ request }) => {
    // msw matches paths loosely (any case, a trailing slash): the rest is the core's to refuse.
    if (new URL(request.url).pathname !== base + TOKEN_PATH) return undefined;
    const requestId = await options.requestId(request);
    let answer: Answer;
    try {
      if (request.method !== 'POST') throw tokenEndpointTakesPost(TOKEN_PATH);
      const incoming = await incomingRequest(request, { path: TOKEN_PATH, base, requestId });
      const subject = tokenRequestSubject(await readJsonBody(incoming, options.bodyLimitBytes));
      answer = tokenGrantAnswer(options.issue(subject), options.lifetimeSeconds, requestId);
    } catch (error) {
      answer = problemAnswer(error, base + TOKEN_PATH, requestId);
    }
    return toResponse(answer, request.method);
  });
}
