import type { ContractSpec, SpecOperation } from '../spec.ts';

type Obj = Record<string, unknown>;

/** An OpenAPI link: after `from` answers `status`, `to` can be called with `parameters`. */
export interface SpecLink {
  name: string;
  from: SpecOperation;
  status: string;
  to: SpecOperation;
  /** Parameter name → runtime expression (`$response.body#/id`, `$request.query.limit`) or constant. */
  parameters: Record<string, unknown>;
}

/** A call as the runtime expressions of a link see it. */
export interface Exchange {
  request: { path: Record<string, string>; query: Record<string, string>; header: Record<string, string> };
  response: { status: number; headers: Headers; body: unknown };
}

/**
 * Every link of the spec, by `operationId` (the spec uses no `operationRef`).
 *
 * @example specLinks(spec).filter((l) => l.from.operationId === 'createCourse').map((l) => l.to.operationId);
 */
export function specLinks(spec: ContractSpec): SpecLink[] {
  const paths = spec.document.paths as Record<string, Obj>;
  const byId = new Map(spec.operations.map((operation) => [operation.operationId, operation]));
  return spec.operations.flatMap((from) => {
    const operation = paths[from.path]?.[from.method.toLowerCase()] as Obj;
    const responses = operation.responses as Obj;
    return Object.entries(responses).flatMap(([status, response]) =>
      Object.entries(((response as Obj).links ?? {}) as Record<string, Obj>).map(([name, link]) => {
        const to = byId.get(link.operationId as string);
        if (!to) throw new Error(`link ${name} of ${from.operationId} names no operation of the spec`);
        return { name, from, status, to, parameters: (link.parameters ?? {}) as Record<string, unknown> };
      }),
    );
  });
}

const pointerGet = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Obj | undefined)?.[part], value);

/**
 * The value of a link's runtime expression (OpenAPI 3.1 §4.8.20.4) for one exchange; `undefined`
 * when the exchange has no such value (a query parameter not sent, say).
 *
 * @example evaluate('$response.body#/id', exchange); // 'crs_…'
 */
export function evaluate(expression: unknown, exchange: Exchange): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  const body = /^\$response\.body#(.*)$/.exec(expression);
  if (body) return pointerGet(exchange.response.body, body[1] ?? '');
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) return exchange.response.headers.get(header[1] ?? '') ?? undefined;
  const request = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  if (request) {
    const [, where, name] = request as unknown as [string, 'path' | 'query' | 'header', string];
    const values = exchange.request[where];
    return where === 'header' ? values[name.toLowerCase()] : values[name];
  }
  if (expression === '$statusCode') return exchange.response.status;
  throw new Error(`unsupported runtime expression in a link: ${expression}`);
}

/** The JSON pointer a link parameter takes from the response body, if it does. */
export const bodyPointer = (expression: unknown): string | undefined =>
  typeof expression === 'string' ? /^\$response\.body#(.*)$/.exec(expression)?.[1] : undefined;

/** The value at a JSON pointer. */
export const valueAt = pointerGet;
