// Starts a server configured by the environment given as its argument (JSON), serves one
// request, and prints the loaded modules of the telemetry libraries, one path a line.
import { createRequire } from 'node:module';
import { startServer } from '../start-server.ts';

const TELEMETRY = /[\\/]node_modules[\\/](@opentelemetry[\\/][^\\/]+|prom-client|import-in-the-middle)[\\/]/;

const server = await startServer({ env: JSON.parse(process.argv[2] ?? '{}') });
await (await fetch(`${server.url}/healthz`)).text();
await server.close();
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => TELEMETRY.test(path));
process.stdout.write(loaded.map((path) => `${path}\n`).join(''));
