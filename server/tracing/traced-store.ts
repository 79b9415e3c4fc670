import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Store } from '../../core/index.ts';

/**
 * `store` with a span around each call (`store insertCourse`), active while it runs so the
 * PostgreSQL statements and the journal write it causes are its children.
 */
export function tracedStore(store: Store, tracer: Tracer): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) =>
        tracer.startActiveSpan(`store ${property}`, async (span) => {
          try {
            return await value.apply(target, args);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        });
    },
  });
}
