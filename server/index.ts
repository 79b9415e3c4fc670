// The server package's public entry point (`@course-service/server`).
import type { App, AppOptions } from './app.ts';

export type { Store } from '@course-service/runtime';
export type { App } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { listen, type RunningServer } from './http-server.ts';
export { createLogger } from './logger.ts';
export { startServer } from './start-server.ts';
export { openStore } from './store/open-store.ts';

/**
 * Builds the application from its parts, with no global state (see `app.ts`). Its modules load on
 * the first call, not with this entry: `startServer` and `listen` load them while the store opens,
 * as the `course-service` command does, so importing this entry does not lengthen start-up.
 *
 * @example
 * const app = await createApp({ config: loadConfig({ DATA_DIR: ':memory:' }), store, logger,
 *   middleware: [async (ctx, next) => { await next(); ctx.set('X-Served-By', 'us'); }] });
 */
export async function createApp(options: AppOptions): Promise<App> {
  const app = await import('./app.ts');
  return app.createApp(options);
}
