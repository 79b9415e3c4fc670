import type { Store } from '@course-service/runtime';
import { type Span, SpanStatusCode, type Tracer } from '@opentelemetry/api';

const failed = (span: Span, error: unknown): void => {
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
  span.end();
};

/**
 * `store` with a span around each call (`store insertCourse`), active while it runs so the
 * PostgreSQL statements and the journal write it causes are its children. A call that answers at
 * once (not a promise) is answered as it is.
 */
export function tracedStore(store: Store, tracer: Tracer): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) =>
        tracer.startActiveSpan(`store ${property}`, (span) => {
          let result: unknown;
          try {
            result = value.apply(target, args);
          } catch (error) {
            failed(span, error);
            throw error;
          }
          if (!(result instanceof Promise)) {
            span.end();
            return result;
          }
          return result.then(
            (answer) => {
              span.end();
              return answer;
            },
            (error: unknown) => {
              failed(span, error);
              throw error;
            },
          );
        });
    },
  });
}
