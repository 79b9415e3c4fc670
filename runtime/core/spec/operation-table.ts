import { type Deprecations, deprecationsOf } from './deprecation.ts';
import { type OpenApiDocument, resolveRef } from './openapi-document.ts';

/**
 * Which credential an operation takes, derived from its security requirements: none, an API key
 * (header or bearer), an ID token, or, for the MCP endpoint, the master key or a bearer API key.
 */
export type CredentialKind = 'none' | 'apiKey' | 'idToken' | 'mcp';

/** What the core needs to know of one operation, resolved once from the spec. */
export interface OperationInfo {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The spec's path template, e.g. `/api/v1/courses/{courseId}`. */
  path: string;
  credential: CredentialKind;
  /** Scopes an API key needs (role names in the security requirement). */
  requiredScopes: string[];
  /** The one 2xx status the operation answers with. */
  successStatus: number;
  /** Every status the spec documents for the operation. */
  statuses: ReadonlySet<number>;
  /** Whether the operation accepts an `Idempotency-Key`. */
  idempotent: boolean;
  /** Headers with a fixed value (`const`) on the success response, e.g. `Cache-Control: no-store`. */
  fixedHeaders: Record<string, string>;
  /** Whether the success response carries `Location`. */
  setsLocation: boolean;
  /** Whether the operation takes a request body. */
  hasBody: boolean;
  /** The protocol that answers it after the pipeline's checks (`x-handled-by`, e.g. `mcp`). */
  handledBy: string | undefined;
  /** Its deprecated parts (itself, parameters, body properties) and the headers each answer gets. */
  deprecations: Deprecations;
}

const API_KEY_SCHEMES = new Set(['apiKeyBearer', 'apiKeyHeader']);
const MCP_SCHEMES = new Set(['mcpMasterKey', 'apiKeyBearer', 'idToken']);
/** HTTP methods an OpenAPI path item may define, in the spec's order. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Obj = Record<string, unknown>;

function credentialOf(
  security: Array<Record<string, string[]>>,
  operationId: string,
): [CredentialKind, string[]] {
  const schemes = security.flatMap((requirement) => Object.entries(requirement));
  const names = new Set(schemes.map(([name]) => name));
  if (schemes.length === 0) return ['none', []];
  if ([...names].every((name) => API_KEY_SCHEMES.has(name))) return ['apiKey', schemes[0]?.[1] ?? []];
  if (names.size === 1 && names.has('idToken')) return ['idToken', []];
  // The MCP endpoint: the master key, an API key or an ID token, all as a bearer.
  if ([...names].every((name) => MCP_SCHEMES.has(name)) && names.has('mcpMasterKey')) return ['mcp', []];
  throw new Error(`operation ${operationId} mixes credential kinds the service does not support`);
}

/**
 * Reads every operation of the spec into an {@link OperationInfo}, keyed by operationId, in the
 * spec's order.
 *
 * @example buildOperationTable(document).get('listCourses')?.requiredScopes // ['courses:read']
 */
export function buildOperationTable(document: OpenApiDocument): Map<string, OperationInfo> {
  const table = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries(document.paths)) {
    const pathParameters = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of HTTP_METHODS.filter((m) => m in item)) {
      const operation = item[method] as Obj;
      const operationId = operation.operationId as string;
      const security = (operation.security ?? document.security ?? []) as Array<Record<string, string[]>>;
      const [credential, requiredScopes] = credentialOf(security, operationId);
      const responses = operation.responses as Obj;
      const successKey = Object.keys(responses).find((status) => status.startsWith('2'));
      if (!successKey) throw new Error(`operation ${operationId} declares no 2xx response`);
      const headers = (resolveRef(document, responses[successKey]).headers ?? {}) as Obj;
      const fixedHeaders: Record<string, string> = {};
      for (const [name, header] of Object.entries(headers)) {
        const schema = resolveRef(document, resolveRef(document, header).schema);
        if (typeof schema.const === 'string') fixedHeaders[name] = schema.const;
      }
      const parameters = [...pathParameters, ...((operation.parameters as unknown[]) ?? [])].map((p) =>
        resolveRef(document, p),
      );
      table.set(operationId, {
        operationId,
        method: method.toUpperCase(),
        path,
        credential,
        requiredScopes,
        successStatus: Number(successKey),
        statuses: new Set(Object.keys(responses).map(Number)),
        idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        fixedHeaders,
        setsLocation: 'Location' in headers,
        hasBody: operation.requestBody !== undefined,
        handledBy: operation['x-handled-by'] as string | undefined,
        deprecations: deprecationsOf(document, operation, parameters, operationId),
      });
    }
  }
  return table;
}
