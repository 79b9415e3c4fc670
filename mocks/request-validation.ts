import type { ValidateFunction } from 'ajv';
import { toFieldErrors } from '../domain/field-errors.ts';
import type { FieldError } from '../domain/problems.ts';
import type { MockOperation } from './operation-table.ts';
import { specAjv, specRef } from './spec-ajv.ts';
import { type OpenApiDocument, pointerParts } from './spec-document.ts';

/** A request as validation sees it: path parameters, query, lower-cased headers and the parsed body. */
interface RequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The parsed JSON body; `undefined` when there was none. */
  body: unknown;
  /** The media type of the request (`content-type` without parameters). */
  mediaType: string;
}

/** Validates requests against the spec's parameter and request-body schemas. */
export interface RequestValidator {
  /** The offending fields (empty when valid); coerces `parts.query` and `parts.params` in place. */
  validate(operation: MockOperation, parts: RequestParts): FieldError[];
}

type Obj = Record<string, unknown>;
type Location = 'path' | 'query' | 'header' | 'cookie';

/** Where a parameter lives in the spec (following a `$ref`), so its schema can be referenced. */
function parameterAt(document: OpenApiDocument, parts: string[]): [Obj, string[]] {
  let at = parts;
  let node = at.reduce<unknown>((n, part) => (n as Obj)[part], document) as Obj;
  while (typeof node.$ref === 'string') {
    at = pointerParts(node.$ref);
    node = at.reduce<unknown>((n, part) => (n as Obj)[part], document) as Obj;
  }
  return [node, at];
}

/** The request model openapi-backend validates, rebuilt so that errors point at the same places. */
function parametersSchema(document: OpenApiDocument, operation: MockOperation): Obj {
  const group = (additionalProperties: boolean) => ({
    type: 'object',
    additionalProperties,
    properties: {} as Obj,
    required: [] as string[],
  });
  const groups: Record<Location, ReturnType<typeof group>> = {
    path: group(false),
    query: group(false),
    header: group(true),
    cookie: group(true),
  };
  const required = new Set<string>();
  const item = document.paths[operation.path] as Obj;
  const method = operation.method.toLowerCase();
  const places: string[][] = [
    ...((item.parameters as unknown[]) ?? []).map((_, i) => [
      'paths',
      operation.path,
      'parameters',
      String(i),
    ]),
    ...(((item[method] as Obj).parameters as unknown[]) ?? []).map((_, i) => [
      'paths',
      operation.path,
      method,
      'parameters',
      String(i),
    ]),
  ];
  for (const place of places) {
    const [parameter, at] = parameterAt(document, place);
    const target = groups[parameter.in as Location];
    const name =
      parameter.in === 'header' ? (parameter.name as string).toLowerCase() : (parameter.name as string);
    target.properties[name] = specRef([...at, 'schema']);
    if (parameter.required) {
      target.required.push(name);
      required.add(parameter.in as string);
    }
  }
  return { type: 'object', additionalProperties: true, properties: groups, required: [...required] };
}

function bodySchema(document: OpenApiDocument, operation: MockOperation): Obj {
  const [requestBody, at] = parameterAt(document, [
    'paths',
    operation.path,
    operation.method.toLowerCase(),
    'requestBody',
  ]);
  return {
    type: 'object',
    additionalProperties: true,
    properties: { requestBody: specRef([...at, 'content', 'application/json', 'schema']) },
    required: requestBody.required === true ? ['requestBody'] : [],
  };
}

/**
 * Creates the validator; each operation's schemas are compiled on first use.
 *
 * @example createRequestValidator(openApiDocument).validate(operation, parts) // [] when valid
 */
export function createRequestValidator(document: OpenApiDocument): RequestValidator {
  const bodyAjv = specAjv(document);
  const paramsAjv = specAjv(document, { coerceTypes: true });
  const compiled = new Map<string, ValidateFunction[]>();
  const validatorsOf = (operation: MockOperation) => {
    let validators = compiled.get(operation.operationId);
    if (!validators) {
      validators = [paramsAjv.compile(parametersSchema(document, operation))];
      if (operation.hasBody) validators.unshift(bodyAjv.compile(bodySchema(document, operation)));
      compiled.set(operation.operationId, validators);
    }
    return validators;
  };
  return {
    validate(operation, parts) {
      const errors: NonNullable<ValidateFunction['errors']> = [];
      let body = parts.body;
      // openapi-backend parses a string body once more, and reports one that does not parse.
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch (error) {
          errors.push({
            keyword: 'parse',
            instancePath: '',
            schemaPath: '#/requestBody',
            params: {},
            message: (error as Error).message,
          });
        }
      }
      const model: Obj = { path: parts.params, query: parts.query, header: parts.headers, cookie: {} };
      if (typeof body === 'object' || parts.mediaType === 'application/json') model.requestBody = body;
      for (const validate of validatorsOf(operation)) {
        if (!validate(model)) errors.push(...(validate.errors ?? []));
      }
      return toFieldErrors(errors);
    },
  };
}
