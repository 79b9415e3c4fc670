import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Finding } from './checks.ts';
import { checkDeprecation } from './deprecation-check.ts';
import type { ContractSpec, ResponseDecl, SpecOperation } from './spec.ts';

/** What the validator needs of a response: its status, headers and body text. */
export interface ResponseSnapshot {
  status: number;
  headers: Headers;
  body: string;
}

/** Checks responses against the spec; every check returns the list of broken promises (empty when none). */
export interface ResponseValidator {
  /** Checks a response to `operation` (or, with `undefined`, a server-level answer such as 404 or 405). */
  validate(operation: SpecOperation | undefined, response: ResponseSnapshot): string[];
  /** The same checks, each broken promise with the check that found it (`declared-status`, `body-schema`, …). */
  findings(operation: SpecOperation | undefined, response: ResponseSnapshot): Finding[];
  /** What Ajv's strict mode noted about the spec's schemas without refusing them (see `createResponseValidator`). */
  readonly strictWarnings: readonly string[];
}

const essence = (contentType: string | null) => (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** The declaration that covers `status`: exact, then `4XX`-style range, then `default`. */
function declaredResponse(operation: SpecOperation, status: number): ResponseDecl | undefined {
  const exact = operation.responses.find((r) => r.status === String(status));
  return (
    exact ??
    operation.responses.find((r) => r.status.toUpperCase() === `${String(status)[0]}XX`) ??
    operation.responses.find((r) => r.status === 'default')
  );
}

/**
 * Builds the one validator of the suite: Ajv with the JSON Schema 2020-12 dialect, formats on and
 * strict mode on. The whole spec is added as `openapi.json`, so every `$ref` resolves, and schemas
 * are compiled by JSON Pointer once and cached. Two concessions, both reported: the document's own
 * top-level fields (`openapi`, `paths`, …) are declared as annotation keywords, because Ajv compiles
 * the root of a document it is asked a fragment of; and `strictTypes` logs instead of throwing,
 * collecting its notes in `strictWarnings` (today: `ApiKey` uses `unevaluatedProperties` without
 * `type: object`).
 *
 * @example
 * const validator = createResponseValidator(loadContractSpec());
 * validator.validate(spec.find('GET', '/healthz'), { status: 200, headers, body: '{"status":"ok"}' });
 */
export function createResponseValidator(spec: ContractSpec): ResponseValidator {
  const strictWarnings: string[] = [];
  const logger = {
    log() {},
    warn: (...args: unknown[]) => {
      const note = args.join(' ');
      if (!strictWarnings.includes(note)) strictWarnings.push(note);
    },
    error: console.error,
  };
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: 'log',
    allowUnionTypes: true,
    allErrors: true,
    logger,
  });
  addFormats.default(ajv);
  for (const keyword of Object.keys(spec.document)) ajv.addKeyword({ keyword });
  ajv.addSchema(spec.document, 'openapi.json');
  const cache = new Map<string, ValidateFunction>();
  const schemaAt = (pointer: string) => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`openapi.json${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      cache.set(pointer, validate);
    }
    return validate;
  };
  const check = (pointer: string, value: unknown, what: string): string[] => {
    const validate = schemaAt(pointer);
    if (validate(value)) return [];
    return [`${what} breaks ${pointer}: ${ajv.errorsText(validate.errors, { dataVar: what })}`];
  };
  const found = (check: Finding['check']) => (message: string) => ({ check, message });

  function checkHeaders(decl: ResponseDecl, headers: Headers): Finding[] {
    return decl.headers
      .flatMap((header) => {
        const raw = headers.get(header.name);
        if (raw === null) return header.required ? [`required header ${header.name} is missing`] : [];
        const numeric =
          (header.type === 'integer' || header.type === 'number') && /^-?\d+(\.\d+)?$/.test(raw.trim());
        return check(header.schemaPointer, numeric ? Number(raw) : raw, `header ${header.name}`);
      })
      .map(found('declared-headers'));
  }

  function checkBody(decl: ResponseDecl, response: ResponseSnapshot): Finding[] {
    const contentType = found('declared-content-type');
    if (decl.content.length === 0)
      return response.body === '' ? [] : [contentType('a body was sent where none is declared')];
    const type = essence(response.headers.get('content-type'));
    const content = decl.content.find((c) => c.mediaType === type);
    if (!content) {
      const declared = decl.content.map((c) => c.mediaType).join(' or ');
      return [contentType(`Content-Type '${type}' is not the declared ${declared}`)];
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [found('body-schema')(`the ${type} body is not JSON: ${response.body.slice(0, 80)}`)];
    }
    const problems = check(content.schemaPointer, body, 'body');
    if (type === 'application/problem+json')
      problems.push(...checkProblem(body as Record<string, unknown>, response));
    return problems.map(found('body-schema'));
  }

  function findings(operation: SpecOperation | undefined, response: ResponseSnapshot): Finding[] {
    const decl = operation ? declaredResponse(operation, response.status) : spec.serverLevel;
    const status = found('declared-status');
    if (!decl) {
      const declared = operation?.responses.map((r) => r.status).join(', ');
      return [
        status(
          `status ${response.status} is not declared for ${operation?.operationId} (declared: ${declared})`,
        ),
      ];
    }
    if (!operation && response.status < 400)
      return [status(`status ${response.status} answered a request no operation matches`)];
    const deprecation = checkDeprecation(operation, response.headers).map(found('declared-headers'));
    return [...checkHeaders(decl, response.headers), ...deprecation, ...checkBody(decl, response)];
  }

  return {
    strictWarnings,
    findings,
    validate: (operation, response) => findings(operation, response).map((finding) => finding.message),
  };
}

/** What the spec's prose promises of a problem and its schema cannot say: it agrees with its response. */
function checkProblem(problem: Record<string, unknown>, response: ResponseSnapshot): string[] {
  const problems: string[] = [];
  if (problem.status !== response.status)
    problems.push(`problem.status ${problem.status} differs from ${response.status}`);
  if (problem.requestId !== response.headers.get('x-request-id'))
    problems.push('problem.requestId differs from X-Request-Id');
  if (problem.type !== `urn:course-service:problem:${problem.code}`)
    problems.push(`problem.type ${problem.type} does not name its code`);
  return problems;
}
