import type { OpenApiDocument } from '../spec.ts';

/** For each path template of the spec, a matcher and the methods it allows (for 405 `Allow`). */
export interface RouteTable {
  /** The methods the spec defines for `path`, or `undefined` when no path matches. */
  allowedMethods(path: string): string[] | undefined;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Builds the route table once from the spec's paths. */
export function buildRouteTable(document: OpenApiDocument): RouteTable {
  const routes = Object.entries(document.paths).map(([template, item]) => {
    const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^/]+?\\\}/g, '[^/]+');
    const methods = METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
    return { regex: new RegExp(`^${pattern}/?$`), methods };
  });
  return {
    allowedMethods(path) {
      return routes.find((route) => route.regex.test(path))?.methods;
    },
  };
}
