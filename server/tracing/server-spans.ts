import { context, propagation, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { Context, Middleware, Next } from 'koa';
import { afterResponse } from '../http/after-response.ts';
import { routeOf } from '../http/service-middleware.ts';

/**
 * The Koa middleware that makes one server span per request, a child of the caller's
 * `traceparent` when one is sent, active while the request runs so that every span made for it
 * (authentication, the store, PostgreSQL, Redis) is its child. Named `METHOD route` once the route
 * is known, with the operation id and the request id as attributes. Set here, not by an
 * instrumentation: openapi-backend does the routing, and the spec's template is the route.
 */
export function serverSpans(tracer: Tracer): Middleware {
  return async function traced(ctx: Context, next: Next): Promise<void> {
    const parent = propagation.extract(context.active(), ctx.req.headers);
    const span = tracer.startSpan(
      ctx.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'url.scheme': ctx.protocol },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const { route, operationId } = routeOf(ctx);
      const status = ctx.res.statusCode;
      span.updateName(`${ctx.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      if (operationId) span.setAttribute('course_service.operation_id', operationId);
      const requestId = (ctx.state as { requestId?: string }).requestId;
      if (requestId) span.setAttribute('course_service.request_id', requestId);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      afterResponse(ctx.res, () => span.end());
    }
  };
}
