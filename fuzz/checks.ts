import type { ResponseSnapshot, ResponseValidator } from '@course-service/contract-tests';
import type { FuzzRequest } from './requests.ts';
import type { FuzzSession } from './session.ts';

/** A broken promise found in one response: which check, and what it saw. */
export interface CheckFailure {
  check: 'server error' | 'conformance' | 'valid input refused' | 'invalid input accepted' | 'leak';
  message: string;
}

/** Statuses that mean "your request is wrong", which a valid request must never get. */
const REFUSALS = new Set([400, 401, 403, 405, 406, 413, 415]);
/** What a stack trace or an internal path looks like in text. */
const STACK =
  /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/(?:server|domain|mocks)\/[\w/-]+\.ts\b|\b(?:TypeError|RangeError|SyntaxError|ReferenceError): /;

function leaks(request: FuzzRequest, response: ResponseSnapshot, session: FuzzSession): CheckFailure[] {
  let text = `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${response.body}`;
  // The one place a key value belongs: the response that creates it.
  if (request.operation.spec.operationId === 'createApiKey' && response.status === 201)
    text = text.replace(/"key":"[^"]*"/, '"key":"…"');
  const found: CheckFailure[] = [];
  for (const secret of session.secrets)
    if (text.includes(secret))
      found.push({ check: 'leak', message: 'the response shows a credential value' });
  const stack = STACK.exec(text);
  if (stack)
    found.push({ check: 'leak', message: `the response shows internals: ${JSON.stringify(stack[0])}` });
  return found;
}

/**
 * Every check of one response, as Schemathesis makes them: no 5xx; status, headers and body as the
 * spec declares for the operation; valid requests accepted and invalid ones refused with a 4xx;
 * no credential, stack or source path in the answer.
 *
 * @example const failures = checkResponse(request, snapshot, validator, session);
 */
export function checkResponse(
  request: FuzzRequest,
  response: ResponseSnapshot,
  validator: ResponseValidator,
  session: FuzzSession,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const { status } = response;
  if (status >= 500)
    failures.push({ check: 'server error', message: `status ${status}: ${response.body.slice(0, 200)}` });
  for (const problem of validator.validate(request.operation.spec, response))
    failures.push({ check: 'conformance', message: problem });
  if (request.expect === 'valid' && REFUSALS.has(status))
    failures.push({
      check: 'valid input refused',
      message: `status ${status}: ${response.body.slice(0, 200)}`,
    });
  if (request.expect === 'invalid' && (status < 400 || status >= 500))
    failures.push({ check: 'invalid input accepted', message: `status ${status}` });
  failures.push(...leaks(request, response, session));
  return failures;
}

/** Headers a HEAD answer must carry as its GET does (those not made per request). */
const HEAD_HEADERS = ['content-type', 'etag', 'cache-control', 'course-environment', 'www-authenticate'];

/**
 * What a `HEAD` answer owes the `GET` of the same request: its status and headers, and no body.
 *
 * @example const failures = checkHead(headSnapshot, getSnapshot);
 */
export function checkHead(head: ResponseSnapshot, get: ResponseSnapshot): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (head.status !== get.status)
    failures.push({
      check: 'conformance',
      message: `HEAD answered ${head.status} where GET answered ${get.status}`,
    });
  if (head.body !== '') failures.push({ check: 'conformance', message: 'HEAD answered with a body' });
  for (const name of HEAD_HEADERS) {
    if (head.headers.get(name) !== get.headers.get(name))
      failures.push({
        check: 'conformance',
        message: `HEAD's ${name} ${head.headers.get(name)} differs from GET's ${get.headers.get(name)}`,
      });
  }
  return failures;
}
