import type { OperationShape, SchemaCheck } from '@course-service/contract-tests';
import fc from 'fast-check';
import { type BodyChoice, bodyArbitrary } from './bodies.ts';
import { credentialArbitrary } from './credentials.ts';
import { type ParameterChoice, parameterArbitrary } from './parameters.ts';
import type { FuzzSession } from './session.ts';

/** What a generated request should get: accepted (`valid`), refused with a 4xx (`invalid`), or either (`any`). */
type Expectation = 'valid' | 'invalid' | 'any';

/** One generated HTTP request, ready to send and to print as a `curl` line. */
export interface FuzzRequest {
  operation: OperationShape;
  method: string;
  /** Path and query, relative to the target's base URL. */
  path: string;
  headers: [string, string][];
  body: Uint8Array | undefined;
  expect: Expectation;
  /** What was done to the request, for the report: e.g. "the required field 'name' missing". */
  labels: string[];
}

/** Combines the validity of the parts: any invalid part makes the request invalid; any unknown one, unknown. */
function expectationOf(parts: (boolean | undefined)[]): Expectation {
  if (parts.includes(false)) return 'invalid';
  return parts.includes(undefined) ? 'any' : 'valid';
}

function assemble(
  operation: OperationShape,
  credential: { label: string; headers: [string, string][]; valid: boolean },
  parameters: ParameterChoice[],
  body: BodyChoice | undefined,
  head: boolean,
): FuzzRequest {
  let path = operation.spec.path;
  const query = new URLSearchParams();
  const headers: [string, string][] = [...credential.headers];
  for (const { parameter, value } of parameters) {
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query.append(parameter.name, value);
    else headers.push([parameter.name.toLowerCase(), value]);
  }
  if (body?.contentType) headers.push(['content-type', body.contentType]);
  // MCP's Streamable HTTP transport requires both media types in Accept.
  if (operation.credential === 'mcp') headers.push(['accept', 'application/json, text/event-stream']);
  const search = query.toString();
  const invalidParameters = parameters.filter((choice) => choice.valid === false);
  return {
    operation,
    method: head ? 'HEAD' : operation.spec.method,
    path: search ? `${path}?${search}` : path,
    headers,
    body: body?.bytes,
    expect: expectationOf([credential.valid, ...parameters.map((p) => p.valid), body ? body.valid : true]),
    labels: [
      ...(head ? ['sent as HEAD'] : []),
      credential.label,
      ...invalidParameters.map(
        (choice) =>
          `${choice.parameter.in} parameter ${choice.parameter.name}=${JSON.stringify(choice.value)}`,
      ),
      ...(body ? [body.label] : []),
    ],
  };
}

/**
 * Requests for one operation: every part (credential, each parameter, body) drawn from its own
 * arbitrary, valid most of the time and broken in one or more ways otherwise; a `GET` is sometimes
 * sent as `HEAD`.
 *
 * @example fc.sample(requestArbitrary(operation, session, check, document), 3);
 */
export function requestArbitrary(
  operation: OperationShape,
  session: FuzzSession,
  check: SchemaCheck,
  document: Record<string, unknown>,
): fc.Arbitrary<FuzzRequest> {
  const parameters = fc.tuple(
    ...operation.parameters.map((parameter) => parameterArbitrary(parameter, session, check, document)),
  );
  const body = operation.body
    ? bodyArbitrary(document, operation.body.schema, operation.body.required, check)
    : fc.constant(undefined);
  // HEAD is answered wherever GET is (RFC 9110): one GET in five is sent as HEAD.
  const head = operation.spec.method === 'GET' ? fc.nat(4).map((n) => n === 0) : fc.constant(false);
  return fc
    .tuple(credentialArbitrary(operation.credential, session), parameters, body, head)
    .map(([credential, chosen, chosenBody, asHead]) =>
      assemble(operation, credential, chosen, chosenBody, asHead),
    );
}
