import { createRequire } from 'node:module';
import type { LoadGenerator, LoadOptions, LoadRequest, LoadResult } from './types.ts';

/** The part of autocannon's options this benchmark uses (the package ships no types). */
interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<{ setupRequest: (request: { body?: string }) => { body?: string } }>;
}

/** The part of autocannon's result this benchmark reads. */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
  latency: { p50: number; p99: number; totalCount: number };
  requests: { total: number };
}

type Autocannon = ((options: AutocannonOptions) => Promise<AutocannonResult> & { stop(): void }) &
  ((
    options: AutocannonOptions,
    cb: (error: Error | null, result: AutocannonResult) => void,
  ) => { stop(): void });

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Runs autocannon and stops it after `limitMs` even if it has not finished by itself. */
export function runAutocannon(options: AutocannonOptions, limitMs: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      instance.stop();
      reject(new Error(`autocannon did not finish within ${limitMs} ms`));
    }, limitMs);
    const instance = autocannon(options, (error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/** autocannon (from npm, so the benchmark runs anywhere); latency has 1 ms resolution. */
export const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  async run(url: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
    const result = await runAutocannon(
      {
        url: url + request.path,
        connections: options.connections,
        duration: options.durationSeconds,
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      options.durationSeconds * 1000 + 15_000,
    );
    return {
      requestsPerSecond: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      non2xx:
        request.status === undefined || (request.status >= 200 && request.status < 300)
          ? result.non2xx
          : result.requests.total - (result.statusCodeStats?.[String(request.status)]?.count ?? 0),
      errors: result.errors + result.timeouts,
    };
  },
};
