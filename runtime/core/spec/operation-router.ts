import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIBackend } from 'openapi-backend';
import type { OperationInfo } from './operation-table.ts';

/** An operation of the spec with everything a request needs, resolved once. */
export interface Route {
  info: OperationInfo;
  /**
   * Validates a request's parts in place (query and path parameters are coerced, defaults
   * applied) with openapi-backend's validators, compiled on first use; the errors, if any.
   */
  validate(parts: object): ErrorObject[] | undefined;
}

/** Routes requests to the spec's operations. */
export interface OperationRouter {
  /**
   * The operation for `method` and `path`, with its path parameters; `undefined` when none matches.
   * `HEAD` matches the path's `GET` (RFC 9110: HEAD is implied wherever GET is served).
   */
  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined;
  /** The operation named `operationId`. */
  byId(operationId: string): Route | undefined;
  /**
   * The methods `path` answers (for 405 `Allow`): the spec's, with `HEAD` after `GET`; `undefined`
   * when no path matches.
   */
  allowedMethods(path: string): string[] | undefined;
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
  const routes = new Map<string, Route>();
  let stopped = false;
  const compiled = new Map<string, ValidateFunction[]>();
  // Compiling every validator took about 0.2 s of start-up: each compiles on its operation's first
  // request, or in the background, whichever comes first.
  const validatorsOf = (operationId: string): ValidateFunction[] => {
    let validators = compiled.get(operationId);
    if (!validators) {
      validators = backend.validator.getRequestValidatorsForOperation(operationId) as ValidateFunction[];
      compiled.set(operationId, validators);
    }
    return validators;
  };
  for (const operation of backend.router.getOperations()) {
    const operationId = operation.operationId as string;
    const info = table.get(operationId);
    if (!info) continue;
    const route: Route = {
      info,
      validate(parts) {
        let errors: ErrorObject[] | undefined;
        for (const validate of validatorsOf(operationId)) {
          if (validate(parts)) continue;
          errors = errors ?? [];
          errors.push(...(validate.errors ?? []));
        }
        return errors;
      },
    };
    routes.set(operationId, route);
    const method = info.method;
    if (!info.path.includes('{')) {
      const methods = exact.get(info.path) ?? new Map<string, Route>();
      exact.set(info.path, methods.set(method, route));
      continue;
    }
    const names = [...info.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const template = templates.get(info.path) ?? {
      regex: new RegExp(
        `^${info.path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('([^/]+)')}$`,
      ),
      names,
      byMethod: new Map<string, Route>(),
    };
    templates.set(info.path, template);
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
      const { names } = template;
      for (let i = 0; i < names.length; i++) params[names[i] as string] = safeDecode(found[i + 1] as string);
      return { byMethod: template.byMethod, params };
    }
    return undefined;
  }

  return {
    match(method, path) {
      const found = methodsFor(path);
      const route =
        found?.byMethod.get(method) ?? (method === 'HEAD' ? found?.byMethod.get('GET') : undefined);
      return route && found ? { route, params: found.params } : undefined;
    },
    byId: (operationId) => routes.get(operationId),
    allowedMethods: (path) => {
      const found = methodsFor(path);
      return (
        found &&
        [...found.byMethod.keys()].flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
      );
    },
    async compileInBackground() {
      for (const operationId of routes.keys()) {
        if (stopped) return;
        validatorsOf(operationId);
        await new Promise((resolve) => setTimeout(resolve, 0));
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
