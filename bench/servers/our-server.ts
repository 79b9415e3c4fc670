// Child process: our server through its public entry, configured by the environment the parent
// passes (DATA_DIR, RATE_LIMIT_*, LOG_LEVEL).
import { startServer } from '@course-service/server';
import { announce } from './announce.ts';

const server = await startServer({ env: process.env });
announce(server.url, () => server.close());
