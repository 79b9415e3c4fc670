import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { OperationInfo } from './operation-table.ts';

/** An operation of the spec with everything a request needs, resolved once. */
interface Route {
  info: OperationInfo;
  operation: Operation;
  /** openapi-backend's compiled request validators (parameters, body), once compiled. */
  validators: ValidateFunction[] | undefined;
}

/** What a request asks of an operation, in openapi-backend's validation model. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** Always empty: the API takes no cookies, but the validators expect the member. */
  cookie: Record<string, never>;
  requestBody?: unknown;
}

/** Routes requests to the spec's operations and validates their parts. */
export interface OperationRouter {
  /** The operation for `method` and `path`, with its path parameters; `undefined` when none matches. */
  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined;
  /** The methods the spec defines for `path` (for 405 `Allow`), or `undefined` when no path matches. */
  allowedMethods(path: string): string[] | undefined;
  /** Validates in place (query and path parameters are coerced, defaults applied); the errors, if any. */
  validate(route: Route, parts: RequestParts): ErrorObject[] | undefined;
  /**
   * Compiles every operation's validators not compiled yet, one operation per turn of the event
   * loop so requests are served in between; resolves when all are, or once `stop` was called.
   */
  compileInBackground(): Promise<void>;
  /** Stops {@link compileInBackground}; validators still compile on first use. */
  stop(): void;
}

interface Template {
  regex: RegExp;
  names: string[];
  byMethod: Map<string, Route>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * Builds the router from openapi-backend's operations and validators, once. Upstream matches by
 * rebuilding every path's regular expression and re-deriving its operation list on each request;
 * here exact paths are one map lookup and templates are compiled once, so routing costs the same
 * however large the spec grows.
 */
export function buildOperationRouter(
  backend: OpenAPIBackend,
  table: Map<string, OperationInfo>,
): OperationRouter {
  const exact = new Map<string, Map<string, Route>>();
  const templates = new Map<string, Template>();
  const routes: Route[] = [];
  let stopped = false;
  // Compiling every validator took about 0.2 s of start-up: each compiles on its operation's first
  // request, or in the background, whichever comes first.
  const validatorsOf = (route: Route): ValidateFunction[] =>
    (route.validators ??= backend.validator.getRequestValidatorsForOperation(
      route.info.operationId,
    ) as ValidateFunction[]);
  for (const operation of backend.router.getOperations()) {
    const info = table.get(operation.operationId as string);
    if (!info) continue;
    const route: Route = { info, operation, validators: undefined };
    routes.push(route);
    const method = operation.method.toUpperCase();
    if (!operation.path.includes('{')) {
      const methods = exact.get(operation.path) ?? new Map<string, Route>();
      exact.set(operation.path, methods.set(method, route));
      continue;
    }
    const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const template = templates.get(operation.path) ?? {
      regex: new RegExp(
        `^${operation.path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('([^/]+)')}$`,
      ),
      names,
      byMethod: new Map<string, Route>(),
    };
    templates.set(operation.path, template);
    template.byMethod.set(method, route);
  }

  function methodsFor(
    rawPath: string,
  ): { byMethod: Map<string, Route>; params: Record<string, string> } | undefined {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const byMethod = exact.get(path);
    if (byMethod) return { byMethod, params: {} };
    for (const template of templates.values()) {
      const found = template.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      template.names.forEach((name, i) => {
        params[name] = safeDecode(found[i + 1] as string);
      });
      return { byMethod: template.byMethod, params };
    }
    return undefined;
  }

  return {
    match(method, path) {
      const found = methodsFor(path);
      const route = found?.byMethod.get(method);
      return route && found ? { route, params: found.params } : undefined;
    },
    allowedMethods: (path) => {
      const found = methodsFor(path);
      return found && [...found.byMethod.keys()];
    },
    validate(route, parts) {
      const errors: ErrorObject[] = [];
      for (const validate of validatorsOf(route))
        if (!validate(parts)) errors.push(...(validate.errors ?? []));
      return errors.length > 0 ? errors : undefined;
    },
    async compileInBackground() {
      for (const route of routes) {
        if (stopped) return;
        validatorsOf(route);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    stop() {
      stopped = true;
    },
  };
}

function safeDecode(segment: string): string {
  if (segment.indexOf('%') === -1) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
