import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      apiKeyPrefix: 'cms',
      identityProvider: undefined,
      rateLimit: { max: 100, windowSeconds: 60, authFailureMax: 20 },
      bodyLimitBytes: 65536,
      mcpMasterApiKey: undefined,
    });
  });

  it('names every bad variable in one error', () => {
    const error = (() => {
      try {
        loadConfig({
          PORT: 'eighty',
          RATE_LIMIT_MAX: '0',
          API_KEY_PREFIX: 'Bad_Prefix',
          IDP_ISSUER: 'https://idp',
          LOG_LEVEL: 'loud',
        });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'RATE_LIMIT_MAX',
      'API_KEY_PREFIX',
      'IDP_AUDIENCE',
      'IDP_JWKS_URL',
      'LOG_LEVEL',
    ]) {
      expect(text).toContain(name);
    }
    expect((error as ConfigError).problems).toHaveLength(5);
  });

  it('refuses production without a real identity provider and hash secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/API_KEY_HASH_SECRET[\s\S]*IDP_ISSUER/);
  });

  it('turns master mode off when MCP_MASTER_API_KEY is empty, and refuses a short one', () => {
    expect(loadConfig({ MCP_MASTER_API_KEY: '' }).mcpMasterApiKey).toBeUndefined();
    expect(() => loadConfig({ MCP_MASTER_API_KEY: 'short' })).toThrow(/MCP_MASTER_API_KEY/);
  });

  it('has hardening defaults (timeouts, JWKS fetch, key creations) and checks them', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      jwksTimeoutMs: 5_000,
      keyCreationLimit: { max: 20, windowSeconds: 3600 },
    });
    const custom = loadConfig({
      HEADERS_TIMEOUT_MS: '500',
      REQUEST_TIMEOUT_MS: '1000',
      IDP_JWKS_TIMEOUT_MS: '250',
      KEY_CREATION_LIMIT_MAX: '3',
      KEY_CREATION_WINDOW_SECONDS: '60',
    });
    expect(custom).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1000,
      jwksTimeoutMs: 250,
      keyCreationLimit: { max: 3, windowSeconds: 60 },
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /REQUEST_TIMEOUT_MS must not be shorter/,
    );
    expect(() => loadConfig({ KEY_CREATION_LIMIT_MAX: '0', IDP_JWKS_TIMEOUT_MS: 'soon' })).toThrow(
      /KEY_CREATION_LIMIT_MAX[\s\S]*IDP_JWKS_TIMEOUT_MS|IDP_JWKS_TIMEOUT_MS[\s\S]*KEY_CREATION_LIMIT_MAX/,
    );
  });

  it('selects PostgreSQL and Redis from their URLs, with a pool size and a key prefix', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/courses',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'cs-eu:',
    });
    expect(config.database).toEqual({
      url: 'postgres://app@db.internal:5432/courses',
      poolSize: 25,
      waitSeconds: 30,
    });
    expect(config.redis).toEqual({ url: 'redis://cache.internal:6379/2', keyPrefix: 'cs-eu:' });
    const embedded = loadConfig({});
    expect(embedded.database).toBeUndefined();
    expect(embedded.redis).toBeUndefined();
  });

  it('refuses a database or Redis URL of another kind, a bad pool size and a bad prefix, all at once', () => {
    const problems = (() => {
      try {
        loadConfig({
          DATABASE_URL: 'mysql://db/courses',
          DATABASE_POOL_SIZE: '0',
          REDIS_URL: 'localhost:6379',
          REDIS_KEY_PREFIX: 'has spaces',
        });
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      return [];
    })();
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'DATABASE_URL',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'DATABASE_POOL_SIZE',
    ]);
  });
});

/** The least a production server starts with. */
const production = {
  NODE_ENV: 'production',
  API_KEY_HASH_SECRET: 's'.repeat(32),
  IDP_ISSUER: 'https://idp.example.com',
  IDP_AUDIENCE: 'course-service',
  IDP_JWKS_URL: 'https://idp.example.com/jwks',
};

describe('SECRET_SCANNING_KEYS_URL', () => {
  const github = 'https://api.github.com/meta/public_keys/secret_scanning';
  const keysUrl = (env: Record<string, string>) => loadConfig(env).secretScanning.keysUrl;

  it("is GitHub's in production, and unset (the development scanner) in development", () => {
    expect(keysUrl(production)).toBe(github);
    expect(keysUrl({})).toBeUndefined();
    expect(keysUrl({ SECRET_SCANNING_KEYS_URL: ' ' })).toBeUndefined();
  });

  it('is the URL given in either mode, and must be one', () => {
    expect(keysUrl({ SECRET_SCANNING_KEYS_URL: github })).toBe(github);
    expect(keysUrl({ ...production, SECRET_SCANNING_KEYS_URL: 'https://scanner.example/keys' })).toBe(
      'https://scanner.example/keys',
    );
    expect(() => loadConfig({ SECRET_SCANNING_KEYS_URL: 'keys' })).toThrow(
      "SECRET_SCANNING_KEYS_URL must be an absolute URL, got 'keys'",
    );
  });
});

describe('WEBHOOK_ALLOW_PRIVATE_URLS', () => {
  const allowed = (env: Record<string, string>) => loadConfig(env).webhookAllowPrivateUrls;

  it('is on in development and off in production unless set', () => {
    expect([allowed({}), allowed({ WEBHOOK_ALLOW_PRIVATE_URLS: ' ' })]).toEqual([true, true]);
    expect(allowed(production)).toBe(false);
  });

  it('is what it is set to in either mode', () => {
    expect(allowed({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' })).toBe(false);
    expect(allowed({ WEBHOOK_ALLOW_PRIVATE_URLS: '0' })).toBe(false);
    expect(allowed({ ...production, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'perhaps' })).toThrow(
      "WEBHOOK_ALLOW_PRIVATE_URLS must be 'true' or 'false', got 'perhaps'",
    );
  });
});

describe('webhook delivery settings', () => {
  it('default to a 15 s deadline, the 8-attempt schedule and a 1 s poll', () => {
    expect(loadConfig({}).webhooks).toEqual({
      timeoutMs: 15_000,
      retrySchedule: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      pollMs: 1000,
    });
  });

  it('read a shortened schedule, a deadline and a poll interval', () => {
    const { webhooks } = loadConfig({
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_RETRY_SCHEDULE: '0.1, 0.2',
      WEBHOOK_POLL_MS: '50',
    });
    expect(webhooks).toEqual({
      timeoutMs: 2000,
      retrySchedule: [0.1, 0.2],
      pollMs: 50,
    });
  });

  it('refuses a schedule that is not a list of waits in seconds', () => {
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5m,1h' })).toThrow(
      "WEBHOOK_RETRY_SCHEDULE must be 1 to 20 waits in seconds (0 to 604800), comma-separated, got '5m,1h'",
    );
  });
});

describe('the documented variables', () => {
  /** Every variable `loadConfig` reads, with the optional parts (provider, PostgreSQL, Redis) on. */
  function variablesRead(): string[] {
    const read = new Set<string>();
    const on: Record<string, string> = {
      IDP_ISSUER: 'https://idp.example.com',
      IDP_AUDIENCE: 'course-service',
      IDP_JWKS_URL: 'https://idp.example.com/jwks',
      DATABASE_URL: 'postgres://localhost/courses',
      REDIS_URL: 'redis://localhost:6379',
    };
    const env = new Proxy(on, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    });
    loadConfig(env);
    return [...read].sort();
  }

  // The configuration reference's table is checked against the same reads by config-reference.test.ts.
  it('are every variable the server reads: in .env.example', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const read = variablesRead();
    expect(read.length).toBeGreaterThan(25);
    for (const name of read) {
      expect(example, `.env.example names ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});
