import type { CheckName } from './checks.ts';

/** A request as a failure recorded it: credentials replaced by the variables that hold them. */
export interface RecordedRequest {
  method: string;
  /** Path and query, under the target's base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** One broken promise: what was sent (and how to send it again), what came back, and what was expected. */
export interface FailureRecord {
  check: CheckName;
  operationId: string | null;
  request: RecordedRequest;
  /** The request as a `curl` command; credentials are `$COURSE_API_KEY` or `$COURSE_ID_TOKEN`. */
  curl: string;
  response: { status: number; headers: Record<string, string>; body: string };
  /** The rule or schema path it broke, in words. */
  expectation: string;
}

/**
 * Failures with one cause: the same problem answered (status, `code`, pointers and `detail`) where a
 * test or a status check did not expect it, else the same operation, check and observed value.
 */
export interface Cause {
  /** The operation and check of the first failure. */
  operationId: string | null;
  check: CheckName;
  observed: string;
  failures: number;
  /** Every operation and check it failed, as `operationId [check]`, the first's first. */
  where: string[];
  /** The first failure of this cause, with its `curl`. */
  first: FailureRecord;
}

/** An answer to what the spec does not declare that is not the one it should be (404, or 405 on a declared path). */
export interface UndeclaredAnswer {
  method: string;
  path: string;
  status: number;
  expected: 404 | 405;
}

/** The variables a reproduction reads credentials from. */
const CREDENTIAL_VARIABLES = { apiKey: 'COURSE_API_KEY', idToken: 'COURSE_ID_TOKEN' } as const;
const KEPT_OUT = /^(host|connection|content-length|user-agent|accept-encoding|accept-language|sec-.*)$/;
const BODY_EXCERPT = 500;
/** A problem body is kept whole up to this size (a server's are a few hundred bytes). */
const PROBLEM_LIMIT = 16_384;
const MAX_RECORDS = 1000;

/** A credential header's value with the secret replaced by the variable a reproduction reads it from. */
function redacted(name: string, value: string): string {
  if (name === 'x-api-key') return `$${CREDENTIAL_VARIABLES.apiKey}`;
  if (name !== 'authorization') return value;
  // API keys look like `<prefix>_<environment>_<32 characters>`; any other bearer is an ID token.
  const isKey = /^Bearer [a-z]+_[a-z]+_[0-9A-Za-z]{32}$/.test(value);
  return `Bearer $${isKey ? CREDENTIAL_VARIABLES.apiKey : CREDENTIAL_VARIABLES.idToken}`;
}

const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Double quotes let the shell expand the credential variables, and nothing else of the value. */
const expanding = (text: string) =>
  `"${text.replace(/["\\`]/g, '\\$&').replace(/\$(?!COURSE_[A-Z_]+)/g, '\\$')}"`;

/**
 * A request as `curl` would send it to `baseUrl`, printing the answer's status and headers.
 *
 * @example curlOf('http://127.0.0.1:3000', { method: 'GET', path: '/api/v1/courses', headers: { authorization: 'Bearer $COURSE_API_KEY' } });
 */
export function curlOf(baseUrl: string, request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, quoted(`${baseUrl}${request.path}`)];
  for (const [name, value] of Object.entries(request.headers)) {
    const header = `${name}: ${value}`;
    parts.push('-H', value.includes('$COURSE_') ? expanding(header) : quoted(header));
  }
  if (request.body !== undefined && request.body !== '') parts.push('--data-raw', quoted(request.body));
  return parts.join(' ');
}

/**
 * The request as a failure records it: its method, path under the base, headers (credentials as
 * variables, transport headers left out) and body.
 *
 * @example recordRequest(request, '/api/v1/courses', bodyText);
 */
export function recordRequest(request: Request, path: string, body: string | undefined): RecordedRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!KEPT_OUT.test(name)) headers[name] = redacted(name, value);
  });
  return { method: request.method, path, headers, ...(body !== undefined ? { body } : {}) };
}

/** Text without the ids that differ from one failure of the same cause to the next. */
const withoutIds = (text: string) =>
  text
    .replace(/\b(crs|key|evt|whe|del)_[0-9A-Za-z]{16}\b/g, '$1_…')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '…');

/**
 * A problem (RFC 9457) answer in its own words: `400 validation_failed at /url: <the field's
 * detail>`, or `503 service_unavailable: <detail>` when it names no field; undefined for an answer
 * that is not one.
 *
 * @example describeProblem(400, '{"code":"validation_failed","errors":[{"pointer":"/url","detail":"…"}]}');
 */
export function describeProblem(status: number, text: string): string | undefined {
  if (status < 400) return undefined;
  let body: { code?: unknown; detail?: unknown; errors?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body?.code !== 'string') return undefined;
  const fields = (Array.isArray(body.errors) ? body.errors : [])
    .map((error: { pointer?: unknown; detail?: unknown }) => `${error?.pointer}: ${error?.detail}`)
    .filter((field, index, all) => all.indexOf(field) === index);
  const reason = fields.length > 0 ? ` at ${fields.join('; ')}` : `: ${String(body.detail ?? '')}`;
  return withoutIds(`${status} ${body.code}${reason}`);
}

/**
 * What a failure saw, and the key of its cause. A problem that a test or a status check did not
 * expect is the cause itself, wherever it was met (a refused prerequisite fails every test that
 * needs it with the same problem); any other failure is its operation's and check's own.
 */
function causeOf(record: FailureRecord): { key: string; observed: string } {
  const statusCheck = record.check === 'declared-status' || record.check === 'no-server-error';
  if (statusCheck || record.check === 'scenario') {
    const problem = describeProblem(record.response.status, record.response.body);
    if (problem !== undefined) return { key: `problem ${problem}`, observed: problem };
  }
  const observed = statusCheck ? `status ${record.response.status}` : withoutIds(record.expectation);
  return { key: `${record.operationId} ${record.check} ${observed}`, observed };
}

/**
 * The run's failures of the checks made on every answer, as they happen: module state, written by
 * the contract fetch and read by the report. One broken behaviour is one cause, however many tests
 * it fails.
 */
export const failureLog = {
  records: [] as FailureRecord[],
  causes: new Map<string, Cause>(),
  /** Methods on declared paths that did not answer 405, and undeclared paths that did not answer 404. */
  undeclared: new Map<string, UndeclaredAnswer>(),
  /** The latest exchange of the running test: what a failed hand-written test reproduces with. */
  latest: undefined as Omit<FailureRecord, 'check' | 'expectation'> | undefined,

  /** Notes an answer to an undeclared method or path, when it is not the one expected. */
  answeredUndeclared(answer: UndeclaredAnswer): void {
    if (answer.status !== answer.expected) this.undeclared.set(`${answer.method} ${answer.path}`, answer);
  },

  /** Records a failure and counts it against its cause. */
  add(record: FailureRecord): void {
    if (this.records.length < MAX_RECORDS) this.records.push(record);
    const { key, observed } = causeOf(record);
    const where = `${record.operationId ?? '(no operation)'} [${record.check}]`;
    const cause = this.causes.get(key);
    if (cause) {
      cause.failures++;
      if (!cause.where.includes(where)) cause.where.push(where);
    } else
      this.causes.set(key, {
        operationId: record.operationId,
        check: record.check,
        observed,
        failures: 1,
        where: [where],
        first: record,
      });
  },
  /** The causes, the one that failed most first. */
  byCause(): Cause[] {
    return [...this.causes.values()].sort((a, b) => b.failures - a.failures);
  },
};

/**
 * A response's headers as a plain object, and its body: a problem (RFC 9457) whole, so that its
 * reason is never cut off, anything else cut to an excerpt.
 */
export function recordResponse(status: number, headers: Headers, body: string): FailureRecord['response'] {
  const problem = /^application\/problem\+json\b/.test(headers.get('content-type') ?? '');
  const limit = problem ? PROBLEM_LIMIT : BODY_EXCERPT;
  const excerpt = body.length > limit ? `${body.slice(0, limit)}…` : body;
  return { status, headers: Object.fromEntries(headers), body: excerpt };
}
