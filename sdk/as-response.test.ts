import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  newApiKey,
  problem,
  sendJson,
  startCourseServer,
  startHttpServer,
} from '../test-support/sdk/servers.ts';
import { CourseServiceError, createCourseClient, NotFoundError, NotModified } from './index.ts';

let stub: Awaited<ReturnType<typeof startHttpServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const page = { data: [], hasMore: false, nextCursor: null };

describe('asResponse()', () => {
  it('resolves as soon as the headers arrive, before the body is sent', async () => {
    let answer: ServerResponse | undefined;
    stub = await startHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-held' });
      res.flushHeaders();
      // The body waits until the test has the response in hand.
      answer = res;
    });
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'k' });
    const response = await client.courses.listPage().asResponse();
    expect([response.status, response.headers.get('X-Request-Id'), response.bodyUsed]).toEqual([
      200,
      'req-held',
      false,
    ]);
    answer?.end(JSON.stringify(page));
    expect(await response.json()).toEqual(page);
  });

  it('resolves with the answer after retries, and rejects with the typed error of a failed call', async () => {
    stub = await startHttpServer((req, res, n) => {
      if (req.url.endsWith('/missing')) return sendJson(res, 404, problem(404, 'not_found'));
      if (n === 1) return sendJson(res, 503, problem(503, 'service_unavailable'), { 'Retry-After': '0' });
      sendJson(res, 200, page);
    });
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'k' });
    const response = await client.courses.listPage().asResponse();
    expect(response.status).toBe(200);
    expect(stub.seen).toHaveLength(2);
    await expect(client.courses.get('missing').asResponse()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('asResponse() against the reference server', () => {
  let server: Awaited<ReturnType<typeof startCourseServer>>;
  beforeAll(async () => {
    server = await startCourseServer();
  });
  afterAll(() => server.close());

  it('gives the raw response of every kind of call, a 304 included, and awaiting still gives the data', async () => {
    const client = createCourseClient({ baseUrl: server.url, apiKey: await newApiKey(server.url) });
    const created = await client.courses.create({ name: 'Raw', description: '' }).asResponse();
    expect(created.status).toBe(201);
    const course = (await created.json()) as { id: string };
    const read = await client.courses.get(course.id).asResponse();
    expect([read.status, await read.json()]).toEqual([200, course]);
    const etag = read.headers.get('ETag') ?? undefined;
    const unchanged = await client.courses.get(course.id, { ifNoneMatch: etag }).asResponse();
    expect(unchanged.status).toBe(304);
    expect(await client.courses.get(course.id, { ifNoneMatch: etag })).toBeInstanceOf(NotModified);
    expect(await client.courses.get(course.id)).toEqual(course);
  });

  it('rejects a call asked for both its Response and its data with a typed error naming the misuse', async () => {
    stub = await startHttpServer((_req, res) => sendJson(res, 200, page));
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'k' });
    const rawFirst = client.courses.listPage();
    expect((await rawFirst.asResponse()).status).toBe(200);
    const late = await rawFirst.withResponse().catch((e: unknown) => e);
    expect(late).toBeInstanceOf(CourseServiceError);
    expect((late as Error).message).toMatch(/its data after asResponse\(\).*either its Response or its data/);
    await expect(rawFirst).rejects.toBeInstanceOf(CourseServiceError);
    const dataFirst = client.courses.listPage();
    expect(await dataFirst).toEqual(page);
    const raw = await dataFirst.asResponse().catch((e: unknown) => e);
    expect(raw).toBeInstanceOf(CourseServiceError);
    expect((raw as Error).message).toMatch(/asResponse\(\) after its data/);
  });
});
