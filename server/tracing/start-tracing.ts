import { register } from 'node:module';
import type { Observer, Store } from '@course-service/runtime';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Middleware } from 'koa';
import type { StoreProbe } from '../store/store-probe.ts';
import { serverSpans } from './server-spans.ts';
import { authenticationSpans, journalSpans } from './trace-events.ts';
import { tracedStore } from './traced-store.ts';

/** What tracing adds to a server. */
export interface Tracing {
  observer: Observer;
  storeProbe: StoreProbe;
  middleware: Middleware;
  traceStore(store: Store): Store;
  /** Sends the spans not sent yet, and stops; a collector that does not answer is `onLost`'s, never a failure. */
  close(): Promise<void>;
}

/**
 * Starts OpenTelemetry tracing for this process: spans go in batches over OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`; the W3C `traceparent` is read from requests; the pg and ioredis
 * instrumentations add a span per statement and command. This module, and so every
 * `@opentelemetry` package, is imported only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Call it
 * before the store opens: the instrumentations patch pg and ioredis as they load.
 */
export function startTracing(options: {
  endpoint: string;
  serviceName: string;
  onLost: (error: unknown) => void;
}): Tracing {
  // ES module imports of the drivers are patched through this loader hook, for them alone.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['pg', 'ioredis'] },
  });
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The process's context manager (AsyncLocalStorage) and W3C propagator: tracing is per process.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    // Commands are named without their arguments: rate-limit keys hold subjects and addresses.
    instrumentations: [
      new PgInstrumentation(),
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  const tracer = provider.getTracer('course-service');
  return {
    observer: authenticationSpans(tracer),
    storeProbe: journalSpans(tracer),
    middleware: serverSpans(tracer),
    traceStore: (store) => tracedStore(store, tracer),
    async close() {
      unregister();
      await provider.shutdown().catch(options.onLost);
    },
  };
}
