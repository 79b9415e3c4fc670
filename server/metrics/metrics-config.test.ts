import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { startServer } from '../start-server.ts';

/** The problems `env` is refused with. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('metrics and traces configuration', () => {
  it('turns both off by default, and reads METRICS, METRICS_PORT, METRICS_HOST and the OTLP endpoint', () => {
    expect(loadConfig({})).toMatchObject({ metrics: undefined, tracing: undefined });
    expect(loadConfig({ METRICS: 'off' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS: 'on' }).metrics).toEqual({ port: undefined, host: undefined });
    expect(loadConfig({ METRICS: 'on', METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS: 'ON', METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 0,
      host: '0.0.0.0',
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      serviceName: 'course-service',
    });
  });

  it('refuses every setting that would do nothing or cannot work, one line each', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ METRICS: 'yes' }, "METRICS must be 'on' or 'off', got 'yes'"],
      [{ METRICS_PORT: '9464' }, 'METRICS_PORT and METRICS_HOST need METRICS=on'],
      [{ METRICS: 'on', METRICS_HOST: '0.0.0.0' }, 'METRICS_HOST needs METRICS_PORT'],
      [
        { METRICS: 'on', METRICS_PORT: 'ninety' },
        "METRICS_PORT must be an integer from 0 to 65535, got 'ninety'",
      ],
      [{ METRICS: 'on', PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT must differ from PORT (8080)'],
      [
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
        "OTEL_EXPORTER_OTLP_ENDPOINT must be an 'http://' or 'https://' URL",
      ],
      [{ OTEL_SERVICE_NAME: 'courses' }, 'OTEL_SERVICE_NAME needs OTEL_EXPORTER_OTLP_ENDPOINT'],
      [
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://user:secret@collector:4318' },
        'OTEL_EXPORTER_OTLP_ENDPOINT must not hold credentials',
      ],
      [
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector:4318/?api-key=secret' },
        'OTEL_EXPORTER_OTLP_ENDPOINT must have no query or fragment',
      ],
      [
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector:4318/#traces' },
        'OTEL_EXPORTER_OTLP_ENDPOINT must have no query or fragment',
      ],
    ];
    for (const [env, problem] of cases) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toContain(problem);
    }
  });

  it('stops a start with a bad value in one line per problem, never a stack trace', async () => {
    let err = '';
    const status = await runCli(['serve'], {
      env: { METRICS: 'maybe', DATA_DIR: ':memory:' },
      out: () => undefined,
      err: (text) => {
        err += text;
      },
      isTerminal: false,
    });
    expect(status).toBe(78);
    expect(err).toBe("Invalid configuration:\n  - METRICS must be 'on' or 'off', got 'maybe'\n");
  });
});

describe('where /metrics is served', () => {
  it('nowhere by default', async () => {
    const server = await startServer();
    try {
      expect(server.metricsUrl).toBeUndefined();
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await server.close();
    }
  });

  it('with METRICS_PORT, on that port at loopback and not on the API port; the metrics port serves nothing else', async () => {
    const server = await startServer({ env: { METRICS: 'on', METRICS_PORT: '0' } });
    try {
      const metricsUrl = new URL(server.metricsUrl as string);
      expect(metricsUrl.hostname).toBe('127.0.0.1');
      expect(metricsUrl.pathname).toBe('/metrics');
      expect(metricsUrl.port).not.toBe(new URL(server.url).port);
      await fetch(`${server.url}/healthz`);
      const scrape = await fetch(metricsUrl);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(
        /^http_server_request_duration_seconds_count\{http_request_method="GET",http_route="\/healthz",http_response_status_code="200"\} 1$/m,
      );
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const elsewhere = await fetch(new URL('/api/v1/courses', metricsUrl));
      expect([elsewhere.status, elsewhere.headers.get('content-type')]).toEqual([
        404,
        'application/problem+json',
      ]);
      const posted = await fetch(metricsUrl, { method: 'POST' });
      expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    } finally {
      await server.close();
    }
  });

  it('refuses to start, saying why, when the metrics port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(startServer({ env: { METRICS: 'on', METRICS_PORT: String(port) } })).rejects.toThrow(
        `metrics could not listen on 127.0.0.1:${port}: listen EADDRINUSE`,
      );
    } finally {
      taken.close();
    }
  });
});
