import { connect, createServer, type Socket } from 'node:net';

/** How a cut proxy treats connections: `reset` refuses them at once, `stall` accepts and forwards nothing. */
type CutMode = 'reset' | 'stall';

/** A TCP proxy on loopback in front of a service, that a test can cut and restore. */
export interface TcpProxy {
  /** The loopback port clients connect to. */
  port: number;
  /** `url` (a service URL) with its host and port replaced by the proxy's. */
  through(url: string): string;
  /**
   * Cuts the service off: every open connection is reset, as when the service or the network
   * fails; new ones are reset at once (`reset`) or accepted and left silent (`stall`).
   */
  cut(mode: CutMode): void;
  /** Forwards new connections again (stalled ones are reset, as a client's timeout would find them). */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `host:port` on an ephemeral loopback port, for fault injection: the server
 * under test connects through it, and the test cuts it under load.
 *
 * @example const proxy = await startTcpProxy('127.0.0.1', 5432); proxy.cut('reset'); proxy.restore();
 */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let mode: CutMode | 'up' = 'up';
  const open = new Set<Socket>();
  const reset = (socket: Socket) => {
    if (!socket.destroyed) socket.resetAndDestroy();
  };
  const server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => undefined);
    if (mode === 'reset') return reset(client);
    if (mode === 'stall') return;
    const upstream = connect(port, host);
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.on('error', () => reset(client));
    client.on('error', () => reset(upstream));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyPort = (server.address() as { port: number }).port;
  return {
    port: proxyPort,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxyPort);
      return proxied.href;
    },
    cut(to) {
      mode = to;
      for (const socket of open) reset(socket);
    },
    restore() {
      mode = 'up';
      for (const socket of open) reset(socket);
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
