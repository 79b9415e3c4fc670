import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { requestFrame } from '../http/request-frame.ts';
import { METRICS_PATH, metricsRoute } from './metrics-route.ts';

/** The metrics port's listener: where it answers, and how to stop it. */
export interface MetricsListener {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `registry` at `/metrics` on a port of its own (`METRICS_PORT` at `METRICS_HOST`), apart
 * from the API, so a firewall or a Kubernetes port can keep it private. Errors are problems, as on
 * the API's port.
 */
export async function listenForMetrics(
  registry: Registry,
  at: { host: string; port: number },
  options: { newId: () => string; logger: Logger },
): Promise<MetricsListener> {
  const koa = new Koa();
  koa.use(requestFrame(options));
  koa.use(metricsRoute(registry));
  koa.on('error', (err) => options.logger.debug({ err }, 'metrics connection error'));
  const server = createServer(koa.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return {
    url: `http://${host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
