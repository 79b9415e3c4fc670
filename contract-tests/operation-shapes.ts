import { resolveSchema } from './resolve-schema.ts';
import type { ContractSpec, SpecOperation } from './spec.ts';

type Obj = Record<string, unknown>;

/** A parameter of an operation, with its schema resolved. */
export interface ParameterShape {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Obj;
  /** The parameter's own `example`, when the spec gives one. */
  example: unknown;
}

/** The credential an operation takes, from its `security` requirement. */
export type CredentialKind = 'apiKey' | 'idToken' | 'mcp' | 'none';

/** What it takes to build requests for one operation of the spec (the fuzzer and the generic checks). */
export interface OperationShape {
  spec: SpecOperation;
  parameters: ParameterShape[];
  /** The JSON body schema, when the operation takes one. */
  body: { schema: Obj; required: boolean } | undefined;
  credential: CredentialKind;
  /** The names of the security schemes the operation accepts, in the spec's order. */
  schemes: string[];
}

function credentialOf(security: Obj[] | undefined): CredentialKind {
  const schemes = (security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('mcpMasterKey')) return 'mcp';
  if (schemes.includes('idToken')) return 'idToken';
  if (schemes.includes('apiKeyBearer') || schemes.includes('apiKeyHeader')) return 'apiKey';
  return 'none';
}

/**
 * Every operation of the spec with its parameters (path-level and operation-level, `$ref`s
 * resolved), its JSON request body and its credential: the request side of the API, as the fuzzer and
 * the generic checks see it.
 *
 * @example const operations = operationShapes(loadContractSpec());
 */
export function operationShapes(spec: ContractSpec): OperationShape[] {
  const document = spec.document;
  const paths = document.paths as Record<string, Obj>;
  return spec.operations.map((operation) => {
    const item = paths[operation.path] as Obj;
    const declared = item[operation.method.toLowerCase()] as Obj;
    const parameters = [...((item.parameters ?? []) as Obj[]), ...((declared.parameters ?? []) as Obj[])]
      .map((parameter) => resolveSchema(document, parameter))
      .map((parameter) => ({
        name: parameter.name as string,
        in: parameter.in as ParameterShape['in'],
        required: parameter.required === true,
        schema: resolveSchema(document, (parameter.schema ?? {}) as Obj),
        example: parameter.example,
      }));
    const requestBody = declared.requestBody
      ? resolveSchema(document, declared.requestBody as Obj)
      : undefined;
    const json = (requestBody?.content as Obj | undefined)?.['application/json'] as Obj | undefined;
    const security = (declared.security ?? document.security) as Obj[] | undefined;
    return {
      spec: operation,
      parameters,
      body: json ? { schema: json.schema as Obj, required: requestBody?.required === true } : undefined,
      credential: credentialOf(security),
      schemes: (security ?? []).flatMap((requirement) => Object.keys(requirement)),
    };
  });
}
