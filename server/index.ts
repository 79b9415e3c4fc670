// The server package's public entry point (`@course-service/server`).

export type { Store } from '@course-service/runtime';
export { type App, createApp } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { listen, type RunningServer } from './http-server.ts';
export { createLogger } from './logger.ts';
export { startServer } from './start-server.ts';
export { openStore } from './store/open-store.ts';
