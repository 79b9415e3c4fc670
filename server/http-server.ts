import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyHealth, OpenApiDocument } from '@course-service/runtime';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { clientErrorHandler } from './http/client-error.ts';
import type { MetricsListener } from './metrics/metrics-listener.ts';
import { openStore } from './store/open-store.ts';
import { startTelemetry } from './telemetry/start-telemetry.ts';

/** A listening server and how to stop it gracefully. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Where Prometheus scrapes, when metrics are on (`METRICS=on`). */
  metricsUrl: string | undefined;
  server: Server;
  /** Each dependency's state now, as `GET /healthz` reports it. */
  health(): Promise<Record<string, DependencyHealth>>;
  /** Stops accepting, lets in-flight requests finish (up to the shutdown timeout), then flushes storage. */
  close(): Promise<void>;
}

/**
 * Opens the store, builds the app and listens on `config.host:config.port`; `middleware` runs
 * for every request, before the service (see `createApp`).
 */
export async function listen(
  config: Config,
  logger: Logger,
  middleware: Middleware[] = [],
  spec?: OpenApiDocument,
): Promise<RunningServer> {
  // First, so that the store and Redis report to it (and, traced, their drivers load after it).
  const telemetry = await startTelemetry(config, logger);
  // The store opens while the application's modules load: each spends part of its time waiting
  // (file reads, wasm compilation, the module loader), and the other fills those gaps.
  const [opened, loaded] = await Promise.allSettled([
    openStore({ dataDir: config.dataDir, database: config.database, logger, probe: telemetry.storeProbe }),
    import('./app.ts'),
  ]);
  if (loaded.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.close();
    throw loaded.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  const store = opened.value;
  const app = await loaded.value.createApp({
    config,
    store: telemetry.wrapStore(store),
    logger,
    middleware,
    telemetry,
    spec,
  });
  const server = createServer(
    {
      // Slow-loris defence: a request must send its headers, then all of itself, in time (408 otherwise).
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks those timeouts on this interval (30 s by default, longer than short timeouts).
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
    },
    app.handle,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', clientErrorHandler(app.core.ids.requestId));
  // A start that fails from here on lets go of what it opened (the store, Redis, the exporters):
  // each holds the event loop, and a process that cannot serve must exit.
  const release = async () => {
    await app.stop();
    await store.close();
    await telemetry.close();
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  let metricsListener: MetricsListener | undefined;
  if (telemetry.metrics && config.metrics?.port !== undefined) {
    const { listenForMetrics } = await import('./metrics/metrics-listener.ts');
    metricsListener = await listenForMetrics(telemetry.metrics.registry, config.metrics, {
      newId: app.core.ids.requestId,
      logger,
    }).catch(async (error: Error) => {
      server.close();
      await release();
      throw new Error(
        `metrics could not listen on ${config.metrics?.host}:${config.metrics?.port}: ${error.message}`,
      );
    });
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    metricsUrl: metricsListener?.url ?? (telemetry.metrics ? `${url}/metrics` : undefined),
    server,
    health: () => app.health(),
    close() {
      closing ??= (async () => {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        // Keep-alive connections turn idle as their last response ends: close them as they do.
        const sweeper = setInterval(() => server.closeIdleConnections(), 25);
        const deadline = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
        server.closeIdleConnections();
        await drained;
        clearInterval(sweeper);
        clearTimeout(deadline);
        await metricsListener?.close();
        await app.stop();
        await store.close();
        await telemetry.close();
      })();
      return closing;
    },
  };
}
