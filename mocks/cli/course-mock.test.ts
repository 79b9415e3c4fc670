import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CourseMockProcess,
  runCourseMock,
  startCourseMock,
} from '../../test-support/mocks/course-mock-process.ts';
import { mockApiKey } from '../index.ts';
import { serveCourseServiceMock } from './mock-server.ts';
import { parseServeOptions, UsageError } from './serve-options.ts';

const work = mkdtempSync(join(tmpdir(), 'course-mock-'));
const seedFile = (name: string, seed: unknown) => {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(seed));
  return path;
};
const apiKey = mockApiKey('course-mock');
const SEED = seedFile('seed.json', {
  apiKeys: [{ key: apiKey, owner: 'alice' }],
  courses: [{ id: 'crs_SeededCourse0001', name: 'Seeded', owner: 'alice', status: 'published' }],
});

describe('course-mock on the command line', () => {
  it('prints its help and exits 0', async () => {
    const help = await runCourseMock(['serve', '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(
      /^Usage: course-mock serve \[options\]\n[\s\S]*--seed <file>[\s\S]*\/__mock\/reset/,
    );
  });

  // What the command refuses, checked in this process through the code the command runs (a
  // process per case cost a second and a half of CPU each); the command's own exit is checked below.
  it.each([
    [['--prot', '0'], /Unknown option '--prot'/],
    [['--port', '80000'], /--port takes a whole number from 0 to 65535, got '80000'/],
    [['--scenario', 'listCourse=serverError'], /Unknown operation 'listCourse'/],
    [['--scenario', 'getHealth=rateLimited'], /getHealth does not document a 429 error/],
    [['--seed', join(work, 'absent.json')], /--seed .*absent\.json: ENOENT/],
    [['--seed', seedFile('extra.json', { keys: [] })], /unknown field keys; it takes apiKeys/],
    [['--seed', seedFile('bad-key.json', { apiKeys: [{ key: 'cms_prod_x' }] })], /not a well-formed key/],
    [['--seed', seedFile('not-a-list.json', { courses: { name: 'A' } })], /"courses" must be a list/],
    [['--seed', seedFile('tokens.json', { idTokens: { t: 1 } })], /"idTokens" maps each token/],
  ])('refuses serve %j as a usage error, saying why', async (args, message) => {
    let refused: unknown;
    try {
      const options = parseServeOptions(args);
      // On any free port: what is refused after listening must not depend on port 3000 being free.
      if (options !== 'help') await (await serveCourseServiceMock({ ...options, port: 0 })).close();
    } catch (error) {
      refused = error;
    }
    // The errors the command answers with exit code 2 and a pointer to --help.
    expect(refused instanceof UsageError || refused instanceof TypeError, String(refused)).toBe(true);
    expect((refused as Error).message).toMatch(message);
  });

  it('exits 2 on a usage error, saying why on stderr with a pointer to --help', async () => {
    const runs = await Promise.all([runCourseMock(['serve', '--prot', '0']), runCourseMock(['server'])]);
    expect(runs.map(({ code, stdout }) => ({ code, stdout }))).toEqual([
      { code: 2, stdout: '' },
      { code: 2, stdout: '' },
    ]);
    expect(runs[0]?.stderr).toMatch(/^course-mock: Unknown option '--prot'/);
    expect(runs[1]?.stderr).toMatch(/^course-mock: unknown command 'server'/);
    for (const { stderr } of runs) expect(stderr).toMatch(/course-mock serve --help/);
  });
});

describe('course-mock serve, over HTTP', () => {
  let mock: CourseMockProcess;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.url}${path}`, { ...init, headers: { 'X-API-Key': apiKey, ...init.headers } });
  const control = (path: string, body?: unknown) =>
    fetch(`${mock.url}/__mock/${path}`, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    mock = await startCourseMock(['--seed', SEED, '--scenario', 'listCourses=unavailable,times=1']);
  });
  afterAll(() => mock?.stop());

  it('reports how long it took to start (a figure for the guide, not a limit)', () => {
    console.info(`course-mock serve (from the sources, under tsx) printed its URL after ${mock.startMs} ms`);
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the seed and the --scenario, both again after POST /__mock/reset', async () => {
    for (const round of [1, 2]) {
      expect((await api('/api/v1/courses')).status, `round ${round}`).toBe(503);
      const listed = await (await api('/api/v1/courses')).json();
      expect(listed.data.map((course: { id: string }) => course.id)).toEqual(['crs_SeededCourse0001']);
      await api('/api/v1/courses', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Gone after the reset', description: '' }),
      });
      expect((await control('reset')).status).toBe(204);
    }
  });

  it('lists what it received at GET /__mock/requests, as JSON for any language', async () => {
    await api('/api/v1/courses?limit=5&api_key=secret');
    await api('/api/v1/nope', { method: 'POST', body: 'client_secret=x' });
    const all = await (await fetch(`${mock.url}/__mock/requests`)).json();
    expect(all.slice(-2)).toEqual([
      expect.objectContaining({
        operationId: 'listCourses',
        method: 'GET',
        path: '/api/v1/courses',
        query: { limit: '5', api_key: '[redacted]' },
        headers: expect.objectContaining({ 'x-api-key': '[redacted]' }),
        body: null,
        status: 503,
      }),
      expect.objectContaining({ operationId: null, path: '/api/v1/nope', body: null, status: 404 }),
    ]);
    const filtered = await (
      await fetch(`${mock.url}/__mock/requests?operationId=listCourses&status=503`)
    ).json();
    expect(filtered).toEqual([all.at(-2)]);
    expect(all.some((request: { path: string }) => request.path.startsWith('/__mock'))).toBe(false);
  });

  it('sets scenarios at POST /__mock/scenarios: a network error drops the connection', async () => {
    const set = await control('scenarios', { operationId: 'getCourse', scenario: 'networkError', times: 1 });
    expect(set.status).toBe(204);
    await expect(api('/api/v1/courses/crs_SeededCourse0001')).rejects.toThrow(/fetch failed/);
    expect((await api('/api/v1/courses/crs_SeededCourse0001')).status).toBe(200);
    const dropped = await (await fetch(`${mock.url}/__mock/requests?operationId=getCourse`)).json();
    expect(dropped.map((request: { status: number | null }) => request.status)).toEqual([null, 200]);
  });

  it('takes the settings of every scenario: a problem with code and detail, a delay, a clear', async () => {
    const course = '/api/v1/courses/crs_SeededCourse0001';
    await control('scenarios', {
      operationId: 'getCourse',
      scenario: 'problem',
      code: 'not_found',
      detail: 'Gone.',
    });
    await control('scenarios', { operationId: 'getCourse', scenario: 'delay', ms: 300, times: 1 });
    const started = performance.now();
    const forced = await api(course);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect([forced.status, (await forced.json()).detail]).toEqual([404, 'Gone.']);
    expect((await api(course)).status).toBe(404);
    expect((await control('scenarios', { operationId: 'getCourse', scenario: 'clear' })).status).toBe(204);
    expect((await api(course)).status).toBe(200);
  });

  it('refuses a scenario it cannot set with a 400 problem saying why', async () => {
    const refused = await control('scenarios', { operationId: 'getHealth', scenario: 'rateLimited' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect((await refused.json()).detail).toMatch(/getHealth does not document a 429 error/);
  });
});

describe('course-mock serve, stopped', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('closes its port and exits 0 on %s', async (signal) => {
    const mock = await startCourseMock();
    // A kept-alive connection must not hold the process open.
    expect((await fetch(`${mock.url}/healthz`)).status).toBe(200);
    expect(await mock.stop(signal)).toBe(0);
    expect(mock.output()).toMatch(new RegExp(`course-mock stopped \\(${signal}\\)\\n$`));
    await expect(fetch(`${mock.url}/healthz`)).rejects.toThrow(/fetch failed/);
  });
});
