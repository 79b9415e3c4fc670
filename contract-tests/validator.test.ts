import { describe, expect, test } from 'vitest';
import { loadContractSpec } from './spec.ts';
import { createResponseValidator } from './validator.ts';

const spec = loadContractSpec();
const validator = createResponseValidator(spec);
const getHealth = spec.find('GET', '/healthz');
const createApiKey = spec.find('POST', '/api/v1/api-keys');
const json = (extra: Record<string, string> = {}) =>
  new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'req-1', ...extra });

// The suite must be able to fail: these responses break the contract, and the validator says how.
describe('the response validator', () => {
  test('accepts a response that keeps the contract', () => {
    expect(
      validator.validate(getHealth, {
        status: 200,
        headers: json(),
        body: '{"status":"ok","version":"1.1.0"}',
      }),
    ).toEqual([]);
  });

  test('rejects a body that breaks the schema', () => {
    const problems = validator.validate(getHealth, {
      status: 200,
      headers: json(),
      body: '{"status":"fine","extra":1}',
    });
    expect(problems.join('\n')).toMatch(
      /body must have required property 'version'.*body\/status must be equal to one of the allowed values/,
    );
  });

  test('rejects an undeclared status, a wrong Content-Type and a missing required header', () => {
    const body = '{"status":"ok","version":"1"}';
    expect(validator.validate(getHealth, { status: 418, headers: json(), body })[0]).toMatch(
      /418 is not declared/,
    );
    const textPlain = new Headers({ 'Content-Type': 'text/plain', 'X-Request-Id': 'r' });
    expect(validator.validate(getHealth, { status: 200, headers: textPlain, body })[0]).toMatch(
      /Content-Type 'text\/plain'/,
    );
    expect(
      validator.validate(getHealth, {
        status: 200,
        headers: new Headers({ 'Content-Type': 'application/json' }),
        body,
      }),
    ).toEqual(['required header X-Request-Id is missing']);
  });

  test('rejects a key record that leaks through with a wrong Cache-Control and a malformed key', () => {
    const record = {
      id: 'key_Hq3Zt8LmN2vXc5Wp',
      name: 'k',
      start: 'cms_prod_8fJ2',
      environment: 'prod',
      scopes: ['courses:read'],
      status: 'active',
      createdAt: '2026-11-01T08:00:00Z',
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      rolledFrom: null,
      rolledTo: null,
      key: 'cms_prod_short',
    };
    const headers = json({
      'Cache-Control': 'public',
      RateLimit: '"api-keys";r=1;t=1',
      'RateLimit-Policy': '"api-keys";q=2;w=1',
    });
    const problems = validator.validate(createApiKey, { status: 201, headers, body: JSON.stringify(record) });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/header Cache-Control/);
    expect(problems.join('\n')).toMatch(/\/key must match pattern/);
  });

  test('rejects a problem whose status, request id or type disagree with the response', () => {
    const problem = {
      type: 'urn:course-service:problem:x',
      title: 't',
      status: 400,
      detail: 'd',
      instance: '/',
      code: 'not_found',
      requestId: 'other',
    };
    const problems = validator.validate(undefined, {
      status: 404,
      headers: new Headers({ 'Content-Type': 'application/problem+json', 'X-Request-Id': 'req-1' }),
      body: JSON.stringify(problem),
    });
    expect(problems).toHaveLength(3);
  });
});
