import type { ContractSpec, SpecOperation } from '../contract-tests/spec.ts';
import { resolveSchema } from './schema-arbitrary.ts';

type Obj = Record<string, unknown>;

/** A parameter of an operation, with its schema resolved. */
export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Obj;
}

/** The credential an operation takes, from its `security` requirement. */
export type CredentialKind = 'apiKey' | 'idToken' | 'mcp' | 'none';

/** What the fuzzer needs to know to build requests for one operation of the spec. */
export interface FuzzOperation {
  spec: SpecOperation;
  parameters: FuzzParameter[];
  /** The JSON body schema, when the operation takes one. */
  body: { schema: Obj; required: boolean } | undefined;
  credential: CredentialKind;
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
 * resolved), its JSON request body and its credential: the fuzzer's whole view of the API.
 *
 * @example const operations = fuzzOperations(loadContractSpec());
 */
export function fuzzOperations(spec: ContractSpec): FuzzOperation[] {
  const document = spec.document;
  const paths = document.paths as Record<string, Obj>;
  return spec.operations.map((operation) => {
    const item = paths[operation.path] as Obj;
    const declared = item[operation.method.toLowerCase()] as Obj;
    const parameters = [...((item.parameters ?? []) as Obj[]), ...((declared.parameters ?? []) as Obj[])]
      .map((parameter) => resolveSchema(document, parameter))
      .map((parameter) => ({
        name: parameter.name as string,
        in: parameter.in as FuzzParameter['in'],
        required: parameter.required === true,
        schema: resolveSchema(document, (parameter.schema ?? {}) as Obj),
      }));
    const requestBody = declared.requestBody
      ? resolveSchema(document, declared.requestBody as Obj)
      : undefined;
    const json = (requestBody?.content as Obj | undefined)?.['application/json'] as Obj | undefined;
    return {
      spec: operation,
      parameters,
      body: json ? { schema: json.schema as Obj, required: requestBody?.required === true } : undefined,
      credential: credentialOf((declared.security ?? document.security) as Obj[] | undefined),
    };
  });
}
