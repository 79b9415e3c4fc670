import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test-support/server/harness.ts';
import { parseExposition, type Sample, sampleValue } from '../../test-support/server/prometheus-text.ts';

// A scripted set of requests over real HTTP, then one scrape of /metrics: every counter at its
// exact value, and one histogram series per (method, route, status) counting exactly the requests.

let server: TestServer;
const made = new Map<string, number>();
let scrape: string;
let samples: Sample[];
const secrets: string[] = [];

/** Makes a request and tallies it under the route template it should be counted under. */
async function request(
  route: string,
  method: string,
  path: string,
  options: Parameters<TestServer['call']>[2] = {},
): Promise<TestResponse> {
  const response = await server.call(method, path, options);
  const key = `${method} ${route} ${response.status}`;
  made.set(key, (made.get(key) ?? 0) + 1);
  return response;
}

const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);

beforeAll(async () => {
  server = await startTestServer({ METRICS: 'on', KEY_CREATION_LIMIT_MAX: '2', LOG_LEVEL: 'silent' });
  const token = (await request('/dev/token', 'POST', '/dev/token', { body: { sub: 'alice' } })).body
    .idToken as string;
  const keys = '/api/v1/api-keys';
  const once = { 'idempotency-key': 'first-key' };
  const full = await request(keys, 'POST', keys, { bearer: token, body: { name: 'full' }, headers: once });
  const replay = await request(keys, 'POST', keys, { bearer: token, body: { name: 'full' }, headers: once });
  expect([full.status, replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
  const reader = await request(keys, 'POST', keys, {
    bearer: token,
    body: { name: 'reader', scopes: ['courses:read'] },
  });
  expect((await request(keys, 'POST', keys, { bearer: token, body: { name: 'third' } })).status).toBe(429);
  const courses = '/api/v1/courses';
  const course = { name: 'Metrics', description: 'Counted' };
  expect((await request(courses, 'POST', courses, { bearer: reader.body.key, body: course })).status).toBe(
    403,
  );
  expect((await request(courses, 'GET', courses)).status).toBe(401);
  const unknownKey = 'cms_prod_0000000000000000000000000000000000';
  expect((await request(courses, 'GET', courses, { bearer: unknownKey })).status).toBe(401);
  const created = await request(courses, 'POST', courses, { bearer: full.body.key, body: course });
  expect(created.status).toBe(201);
  const publish = '/api/v1/courses/{courseId}/publish';
  const published = await request(publish, 'POST', `${courses}/${created.body.id}/publish`, {
    bearer: full.body.key,
  });
  expect(published.status).toBe(200);
  const missing = await request('/api/v1/courses/{courseId}', 'GET', `${courses}/crs_Missing000000000`, {
    bearer: full.body.key,
  });
  expect(missing.status).toBe(404);
  const revoke = `${keys}/${reader.body.id}`;
  expect((await request(`${keys}/{keyId}`, 'DELETE', revoke, { bearer: token })).status).toBe(200);
  expect((await request(`${keys}/{keyId}`, 'DELETE', revoke, { bearer: token })).status).toBe(200);
  expect((await request(courses, 'GET', courses, { bearer: reader.body.key })).status).toBe(401);
  expect((await request('unmatched', 'GET', `/nowhere/${created.body.id}`)).status).toBe(404);
  expect((await request('/mcp', 'POST', '/mcp', { body: {} })).status).toBe(401);
  expect((await request('/dashboard/*', 'GET', '/dashboard/')).status).toBe(200);
  secrets.push(
    token,
    full.body.key,
    reader.body.key,
    unknownKey,
    created.body.id,
    reader.body.id,
    'crs_Missing',
  );

  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  scrape = await response.text();
  samples = parseExposition(scrape).samples;
});

afterAll(() => server?.close());

describe('GET /metrics after a scripted set of requests', () => {
  it('counts each request once in the duration histogram, by method, route template and status', () => {
    const counted = new Map(
      samples
        .filter((s) => s.name === 'http_server_request_duration_seconds_count')
        .map((s) => [
          `${s.labels.http_request_method} ${s.labels.http_route} ${s.labels.http_response_status_code}`,
          s.value,
        ]),
    );
    expect(counted).toEqual(made);
    expect([...made.values()].reduce((a, b) => a + b)).toBe(17);
  });

  it('has every service counter at its exact value', () => {
    const auth = (credential: string, outcome: string) =>
      value('course_service_authentications_total', { credential, outcome });
    expect(auth('idToken', 'success')).toBe(6);
    expect(auth('apiKey', 'success')).toBe(4);
    expect(auth('apiKey', 'authentication_required')).toBe(1);
    expect(auth('apiKey', 'invalid_api_key')).toBe(1);
    expect(auth('apiKey', 'api_key_revoked')).toBe(1);
    expect(auth('mcp', 'authentication_required')).toBe(1);
    expect(samples.filter((s) => s.name === 'course_service_authentications_total')).toHaveLength(6);
    expect(value('course_service_rate_limit_refusals_total', { policy: 'key-creation' })).toBe(1);
    expect(samples.filter((s) => s.name === 'course_service_rate_limit_refusals_total')).toHaveLength(1);
    expect(value('course_service_idempotent_replays_total', { operation_id: 'createApiKey' })).toBe(1);
    expect(value('course_service_course_transitions_total', { transition: 'publish' })).toBe(1);
    expect(value('course_service_api_keys_created_total', { environment: 'prod' })).toBe(2);
    expect(value('course_service_api_keys_revoked_total')).toBe(1);
  });

  it('has the store, process and Node.js metrics', () => {
    const types = parseExposition(scrape).types;
    expect(types.get('http_server_request_duration_seconds')).toBe('HISTOGRAM');
    expect(types.get('http_server_active_requests')).toBe('GAUGE');
    expect(types.get('course_service_checkpoint_duration_seconds')).toBe('HISTOGRAM');
    // Writes reached the journal (keys, a course, its publication, a revocation): fsyncs were timed.
    expect(value('course_service_journal_fsync_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(value('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // The scrape itself is the one request in flight.
    expect(value('http_server_active_requests', { http_request_method: 'GET' })).toBe(1);
  });

  it('never holds an API key, an ID token or a raw path with an id', () => {
    for (const secret of secrets) expect(scrape).not.toContain(secret);
    expect(scrape).not.toMatch(/(crs|key)_[A-Za-z0-9]{16}/);
    const routes = new Set(samples.flatMap((s) => (s.labels.http_route ? [s.labels.http_route] : [])));
    expect([...routes].sort()).toEqual([...new Set([...made.keys()].map((key) => key.split(' ')[1]))].sort());
    for (const route of routes) expect(route).toMatch(/^(\/[\w/{}*.-]*|unmatched)$/);
  });
});
