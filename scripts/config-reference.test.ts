import { readFileSync } from 'node:fs';
import { loadConfig } from '@course-service/server';
import { describe, expect, it } from 'vitest';
import { configurationSection, REFERENCE, SERVER_README, withConfigurationOf } from './sync-docs.ts';

// docs/reference/configuration.md is the one source of the configuration table; the server's README
// (its npm page) carries a copy that `npx tsx scripts/sync-docs.ts` makes.
const reference = readFileSync(REFERENCE, 'utf8');
const readme = readFileSync(SERVER_README, 'utf8');

/**
 * Every variable `loadConfig` reads, found by running it over an environment that records each
 * name asked for: once with nothing set, once with every optional part on (an identity provider,
 * PostgreSQL, Redis, metrics on a port of their own, traces), so that no branch hides a read.
 */
function variablesRead(): string[] {
  const read = new Set<string>();
  const recording = (values: Record<string, string>) =>
    new Proxy(values, {
      get(target, name) {
        if (typeof name !== 'string') return undefined;
        read.add(name);
        return target[name];
      },
    });
  loadConfig(recording({}));
  loadConfig(
    recording({
      IDP_ISSUER: 'https://idp.example.com',
      IDP_AUDIENCE: 'course-service',
      IDP_JWKS_URL: 'https://idp.example.com/jwks',
      DATABASE_URL: 'postgres://localhost/courses',
      REDIS_URL: 'redis://localhost:6379',
      METRICS: 'on',
      METRICS_PORT: '9464',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    }),
  );
  return [...read].sort();
}

/** The variables the reference's table has a row for (its first column). */
function documentedVariables(markdown: string): string[] {
  return [...configurationSection(markdown).matchAll(/^\| `([A-Z][A-Z0-9_]*)` /gm)].map(
    (m) => m[1] as string,
  );
}

describe('the configuration reference', () => {
  it('has a row for every variable loadConfig reads, and for no other', () => {
    const read = variablesRead();
    expect(read.length).toBeGreaterThan(30);
    expect(documentedVariables(reference).sort()).toEqual(read);
  });

  it("is copied unchanged into the server's README (run `npx tsx scripts/sync-docs.ts`)", () => {
    expect(configurationSection(readme)).toBe(configurationSection(reference));
    expect(withConfigurationOf(readme, reference)).toBe(readme);
  });

  it('quotes the problems loadConfig reports for a wrong value', () => {
    const wrong: Record<string, string> = {
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'xml',
      API_KEY_PREFIX: 'CMS',
      TRUST_PROXY: 'maybe',
      DATABASE_URL: 'mysql://db',
      REDIS_URL: 'memcached://cache',
      REDIS_KEY_PREFIX: 'no spaces',
      METRICS: 'yes',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'perhaps',
      WEBHOOK_TIMEOUT_MS: 'soon',
      WEBHOOK_RETRY_SCHEDULE: '5,later',
      WEBHOOK_POLL_MS: '1',
      IDP_ISSUER: 'https://idp.example.com',
    };
    let problems: string[] = [];
    try {
      loadConfig(wrong);
    } catch (error) {
      problems = (error as { problems: string[] }).problems;
    }
    expect(problems.length).toBe(Object.keys(wrong).length);
    const section = configurationSection(reference);
    for (const problem of problems) {
      // The table writes the value given as `<value>`.
      const generic = Object.values(wrong).reduce(
        (text, value) => text.replace(`'${value}'`, "'<value>'"),
        problem,
      );
      expect(section, problem).toContain(generic);
    }
  });
});
