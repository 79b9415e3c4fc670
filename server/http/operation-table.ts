import type { OpenApiDocument } from '../spec.ts';

/** Which credential an operation takes, derived from its security requirements. */
export type CredentialKind = 'none' | 'apiKey' | 'idToken';

/** What the server needs to know of one operation, resolved once from the spec at start-up. */
export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  credential: CredentialKind;
  /** Scopes an API key needs (role names in the security requirement). */
  requiredScopes: string[];
  /** The one 2xx status the operation answers with. */
  successStatus: number;
  /** Whether the operation accepts an `Idempotency-Key`. */
  idempotent: boolean;
  /** Headers with a fixed value (`const`) on the success response, e.g. `Cache-Control: no-store`. */
  fixedHeaders: Record<string, string>;
  /** Whether the success response carries `Location`. */
  setsLocation: boolean;
}

const API_KEY_SCHEMES = new Set(['apiKeyBearer', 'apiKeyHeader']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Obj = Record<string, unknown>;

function resolve(document: OpenApiDocument, value: unknown): Obj {
  let node = value as Obj;
  while (node && typeof node.$ref === 'string') {
    node = (node.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, part) => (at as Obj)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      ) as Obj;
  }
  return node;
}

function credentialOf(
  security: Array<Record<string, string[]>>,
  operationId: string,
): [CredentialKind, string[]] {
  const schemes = security.flatMap((requirement) => Object.entries(requirement));
  if (schemes.length === 0) return ['none', []];
  if (schemes.every(([name]) => API_KEY_SCHEMES.has(name))) return ['apiKey', schemes[0]?.[1] ?? []];
  if (schemes.every(([name]) => name === 'idToken')) return ['idToken', []];
  throw new Error(`operation ${operationId} mixes credential kinds the server does not support`);
}

/**
 * Reads every operation of the spec into an {@link OperationInfo}, keyed by operationId. Operations
 * marked `x-handled-by` (the MCP endpoint) are served by their own middleware and left out.
 */
export function buildOperationTable(document: OpenApiDocument): Map<string, OperationInfo> {
  const table = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries(document.paths)) {
    const pathParameters = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS.filter((m) => m in item)) {
      const operation = item[method] as Obj;
      // Served by its own middleware (e.g. `x-handled-by: mcp`), not by the spec-driven dispatcher.
      if (operation['x-handled-by'] !== undefined) continue;
      const operationId = operation.operationId as string;
      const security = (operation.security ?? document.security ?? []) as Array<Record<string, string[]>>;
      const [credential, requiredScopes] = credentialOf(security, operationId);
      const responses = operation.responses as Obj;
      const successKey = Object.keys(responses).find((status) => status.startsWith('2'));
      if (!successKey) throw new Error(`operation ${operationId} declares no 2xx response`);
      const headers = (resolve(document, responses[successKey]).headers ?? {}) as Obj;
      const fixedHeaders: Record<string, string> = {};
      for (const [name, header] of Object.entries(headers)) {
        const schema = resolve(document, resolve(document, header).schema);
        if (typeof schema.const === 'string') fixedHeaders[name] = schema.const;
      }
      const parameters = [...pathParameters, ...((operation.parameters as unknown[]) ?? [])].map((p) =>
        resolve(document, p),
      );
      table.set(operationId, {
        operationId,
        method: method.toUpperCase(),
        path,
        credential,
        requiredScopes,
        successStatus: Number(successKey),
        idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        fixedHeaders,
        setsLocation: 'Location' in headers,
      });
    }
  }
  return table;
}
