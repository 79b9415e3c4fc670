import { runAutocannon } from './load/autocannon.ts';

/** A JSON request for setting up data; throws unless the status is the expected one. */
export async function requestJson<T>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; expect: number },
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== options.expect) {
    throw new Error(
      `${method} ${url}: expected ${options.expect}, got ${response.status}: ${text.slice(0, 500)}`,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Gets a development ID token and creates an API key with it; returns the key value. */
export async function createApiKey(url: string): Promise<string> {
  const { idToken } = await requestJson<{ idToken: string }>('POST', `${url}/dev/token`, {
    body: { sub: 'bench' },
    expect: 200,
  });
  const { key } = await requestJson<{ key: string }>('POST', `${url}/api/v1/api-keys`, {
    token: idToken,
    body: { name: 'bench' },
    expect: 201,
  });
  return key;
}

/** The create body used by the benchmark and the seeding. */
export function courseBody(n: number): string {
  return JSON.stringify({
    name: `Bench course ${n}`,
    description: 'A course created by the benchmark: realistic length, plain text, nothing special.',
  });
}

/**
 * Creates `count` courses over HTTP with at most `concurrency` in flight (autocannon with a fixed
 * amount). Returns the time it took, in ms; throws if any create was not answered 201.
 */
export async function seedCourses(
  url: string,
  key: string,
  count: number,
  concurrency = 64,
): Promise<number> {
  const started = performance.now();
  let n = 0;
  const result = await runAutocannon(
    {
      url: `${url}/api/v1/courses`,
      connections: Math.min(concurrency, count),
      amount: count,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: courseBody(++n) }) }],
    },
    // Bounded: even a slow server gets 10 minutes at most.
    600_000,
  );
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result.requests.total < count) {
    throw new Error(`seeding ${count} courses: ${result.requests.total} answered, ${failed} failed`);
  }
  return performance.now() - started;
}
