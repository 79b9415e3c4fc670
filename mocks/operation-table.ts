import type { OperationId } from './spec.gen.ts';
import { type OpenApiDocument, resolveRef } from './spec-document.ts';

/** Which credential an operation takes, derived from its security requirements. */
export type CredentialKind = 'none' | 'apiKey' | 'idToken';

/** What the mocks need to know of one operation, read once from the spec. */
export interface MockOperation {
  operationId: OperationId;
  /** Upper-case HTTP method. */
  method: string;
  /** The spec's path template, e.g. `/api/v1/courses/{courseId}`. */
  path: string;
  credential: CredentialKind;
  /** Scopes an API key needs (the role names of the security requirement). */
  requiredScopes: string[];
  /** The one 2xx status the operation answers with. */
  successStatus: number;
  /** Every status the spec documents for the operation. */
  statuses: Set<number>;
  /** Whether the operation accepts an `Idempotency-Key`. */
  idempotent: boolean;
  /** Success headers with a fixed (`const`) value, e.g. `Cache-Control: no-store`. */
  fixedHeaders: Record<string, string>;
  /** Whether the success response carries `Location`. */
  setsLocation: boolean;
  /** Whether the operation takes a JSON body. */
  hasBody: boolean;
  /** The protocol that serves it when it is not a REST operation (`x-handled-by`, e.g. `mcp`). */
  handledBy: string | undefined;
}

const API_KEY_SCHEMES = new Set(['apiKeyBearer', 'apiKeyHeader']);
// HTTP methods an OpenAPI path item may define, in the spec's order.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function credentialOf(
  security: Array<Record<string, string[]>>,
  operationId: string,
): [CredentialKind, string[]] {
  // The MCP master key is a server-side setting with no counterpart in the mocks.
  const schemes = security
    .flatMap((requirement) => Object.entries(requirement))
    .filter(([name]) => name !== 'mcpMasterKey');
  if (schemes.length === 0) return ['none', []];
  if (schemes.every(([name]) => API_KEY_SCHEMES.has(name))) return ['apiKey', schemes[0]?.[1] ?? []];
  if (schemes.every(([name]) => name === 'idToken')) return ['idToken', []];
  throw new Error(`operation ${operationId} mixes credential kinds the mocks do not support`);
}

/**
 * Reads every operation of the spec, in the spec's order.
 *
 * @example buildOperationTable(openApiDocument).map((op) => op.operationId) // ['listCourses', 'createCourse', …]
 */
export function buildOperationTable(document: OpenApiDocument): MockOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => method in item).map((method): MockOperation => {
      const operation = item[method] as Record<string, unknown>;
      const operationId = operation.operationId as OperationId;
      const security = (operation.security ?? document.security ?? []) as Array<Record<string, string[]>>;
      const [credential, requiredScopes] = credentialOf(security, operationId);
      const responses = operation.responses as Record<string, unknown>;
      const successKey = Object.keys(responses).find((status) => status.startsWith('2'));
      if (!successKey) throw new Error(`operation ${operationId} declares no 2xx response`);
      const headers = (resolveRef(document, responses[successKey]).headers ?? {}) as Record<string, unknown>;
      const fixedHeaders: Record<string, string> = {};
      for (const [name, header] of Object.entries(headers)) {
        const schema = resolveRef(document, resolveRef(document, header).schema);
        if (typeof schema.const === 'string') fixedHeaders[name] = schema.const;
      }
      const parameters = [
        ...((item.parameters as unknown[]) ?? []),
        ...((operation.parameters as unknown[]) ?? []),
      ];
      return {
        operationId,
        method: method.toUpperCase(),
        path,
        credential,
        requiredScopes,
        successStatus: Number(successKey),
        statuses: new Set(Object.keys(responses).map(Number)),
        idempotent: parameters.some((p) => {
          const parameter = resolveRef(document, p);
          return parameter.in === 'header' && parameter.name === 'Idempotency-Key';
        }),
        fixedHeaders,
        setsLocation: 'Location' in headers,
        hasBody: operation.requestBody !== undefined,
        handledBy: operation['x-handled-by'] as string | undefined,
      };
    }),
  );
}

/**
 * The methods the spec defines for a concrete request path, or `undefined` when no path matches
 * (the 405 `Allow` header, or a 404).
 *
 * @example allowedMethods(openApiDocument, '/healthz') // ['GET']
 */
export function allowedMethods(document: OpenApiDocument, path: string): string[] | undefined {
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^/]+?\\\}/g, '[^/]+');
    if (new RegExp(`^${pattern}/?$`).test(path)) {
      return HTTP_METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
    }
  }
  return undefined;
}
