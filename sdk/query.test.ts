import {
  InfiniteQueryObserver,
  isCancelledError,
  MutationObserver,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sampleCourse as course,
  devIdToken,
  problem,
  sendJson,
  startCourseServer,
  startHttpServer,
} from '../test-support/sdk/servers.ts';
import { createCourseClient, InternalServerError, NotFoundError } from './index.ts';
import { courseQueries } from './query.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  // Webhook endpoints may name loopback addresses (nothing is delivered to them in this suite).
  server = await startCourseServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => server.close());

/** The companion over a client of a fresh subject (API key and ID token), and a fresh cache. */
async function setUp() {
  const idToken = await devIdToken(server.url);
  const admin = createCourseClient({ baseUrl: server.url, idToken });
  const { key } = await admin.apiKeys.create({ name: 'query', environment: 'test' });
  const client = createCourseClient({ baseUrl: server.url, apiKey: key, idToken, maxRetries: 0 });
  return { queries: courseQueries(client), queryClient: new QueryClient(), client };
}

/** Runs a mutation as every adapter's `useMutation` does: through a MutationObserver. */
const mutate = <TData, TVariables>(
  queryClient: QueryClient,
  options: { mutationFn: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
) => new MutationObserver<TData, Error, TVariables>(queryClient, options).mutate(variables);

describe('@course-service/sdk/query', () => {
  it('runs every mutation through the client, with its credentials per operation', async () => {
    const { queries, queryClient } = await setUp();
    const created = await mutate(queryClient, queries.createCourseMutation(), { name: 'Q', description: '' });
    expect(created).toMatchObject({ name: 'Q', status: 'draft', environment: 'test' });
    const { id } = created;
    const updated = await mutate(queryClient, queries.updateCourseMutation(), {
      courseId: id,
      body: { name: 'Q2' },
    });
    expect(updated.name).toBe('Q2');
    expect((await mutate(queryClient, queries.publishCourseMutation(), id)).status).toBe('published');
    expect((await mutate(queryClient, queries.archiveCourseMutation(), id)).status).toBe('archived');
    expect((await mutate(queryClient, queries.restoreCourseMutation(), id)).status).toBe('draft');
    await mutate(queryClient, queries.deleteCourseMutation(), id);
    const key = await mutate(queryClient, queries.createApiKeyMutation(), { name: 'second' });
    expect((await mutate(queryClient, queries.revokeApiKeyMutation(), key.id)).revokedAt).not.toBeNull();
    await mutate(queryClient, queries.createCourseMutation(), { name: 'Sandbox', description: '' });
    expect(await mutate(queryClient, queries.resetTestDataMutation(), undefined)).toMatchObject({
      deletedCourses: 1,
    });
    expect(queries.createCourseMutation().mutationKey).toEqual(['course-service', 'createCourse']);
  });

  it('fetches and caches queries under typed keys, and rejects with the typed errors', async () => {
    const { queries, queryClient, client } = await setUp();
    const { id } = await client.courses.create({ name: 'Cached', description: '' });
    const options = queries.listCoursesOptions({ limit: 5 });
    expect(options.queryKey).toEqual([
      'course-service',
      'listCourses',
      { limit: 5 },
      { baseUrl: server.url, environment: 'test' },
    ]);
    const page = await queryClient.fetchQuery(options);
    expect(page.data.map((course) => course.name)).toEqual(['Cached']);
    // The key carries the data type: the cache hands back a CourseList, typed.
    expect(queryClient.getQueryData(options.queryKey)?.data[0]?.id).toBe(id);
    expect((await queryClient.fetchQuery(queries.getCourseOptions(id))).name).toBe('Cached');
    await expect(
      queryClient.fetchQuery(queries.getCourseOptions('crs_0000000000000000')),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await queryClient.fetchQuery(queries.listApiKeysOptions())).data).toHaveLength(1);
    expect((await queryClient.fetchQuery(queries.getHealthOptions())).status).toBe('ok');
    expect((await queryClient.fetchQuery(queries.getOpenApiDocumentOptions())).openapi).toBe('3.1.0');
  });

  it('pages lists by nextCursor, and stops after the last page', async () => {
    const { queries, queryClient, client } = await setUp();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await client.courses.create({ name, description: '' });
    // A page and the paged list of the same parameters live side by side in the cache.
    const one = await queryClient.fetchQuery(queries.listCoursesOptions({ limit: 2 }));
    const all = await queryClient.fetchInfiniteQuery({
      ...queries.listCoursesInfiniteOptions({ limit: 2 }),
      pages: 3,
    });
    expect(all.pages.map((page) => page.data.map((course) => course.name))).toEqual([
      ['E', 'D'],
      ['C', 'B'],
      ['A'],
    ]);
    expect(all.pageParams).toEqual([undefined, expect.any(String), expect.any(String)]);
    expect(one.data).toEqual(all.pages[0]?.data);

    const observer = new InfiniteQueryObserver(queryClient, queries.listApiKeysInfiniteOptions({ limit: 1 }));
    await observer.refetch();
    const keys = observer.getCurrentResult();
    expect([keys.data?.pages.length, keys.hasNextPage]).toEqual([1, false]);
    observer.destroy();
  });

  it('events and webhook endpoints: mutations, typed queries, the feed paged until hasMore is false', async () => {
    const { queries, queryClient, client } = await setUp();
    const created = await mutate(queryClient, queries.createWebhookEndpointMutation(), {
      url: 'http://127.0.0.1:9/hooks',
    });
    const { id: endpointId } = created;
    expect(created.secret).toMatch(/^whsec_/);
    const updated = await mutate(queryClient, queries.updateWebhookEndpointMutation(), {
      endpointId,
      body: { description: 'Catalogue sync' },
    });
    expect(updated.description).toBe('Catalogue sync');
    const rotated = await mutate(queryClient, queries.rotateWebhookEndpointSecretMutation(), { endpointId });
    expect(rotated.secret).not.toBe(created.secret);
    const test = await mutate(queryClient, queries.sendTestWebhookEventMutation(), endpointId);
    const again = await mutate(queryClient, queries.redeliverWebhookDeliveryMutation(), {
      endpointId,
      deliveryId: test.id,
    });
    expect(again.eventId).toBe(test.eventId);
    const endpoint = await queryClient.fetchQuery(queries.getWebhookEndpointOptions(endpointId));
    expect(endpoint.description).toBe('Catalogue sync');
    const endpoints = await queryClient.fetchQuery(queries.listWebhookEndpointsOptions());
    expect(endpoints.data.map((e) => e.id)).toEqual([endpointId]);
    const pagedEndpoints = await queryClient.fetchInfiniteQuery(
      queries.listWebhookEndpointsInfiniteOptions(),
    );
    expect(pagedEndpoints.pages[0]?.data).toEqual(endpoints.data);
    const deliveries = queries.listWebhookDeliveriesOptions(endpointId, { limit: 1 });
    expect(deliveries.queryKey[2]).toEqual({ endpointId, limit: 1 });
    expect((await queryClient.fetchQuery(deliveries)).hasMore).toBe(true);
    const allDeliveries = await queryClient.fetchInfiniteQuery({
      ...queries.listWebhookDeliveriesInfiniteOptions(endpointId, { limit: 1 }),
      pages: 3,
    });
    expect(allDeliveries.pages.flatMap((page) => page.data.map((d) => d.id)).sort()).toEqual(
      [test.id, again.id].sort(),
    );
    await mutate(queryClient, queries.deleteWebhookEndpointMutation(), endpointId);
    await expect(
      queryClient.fetchQuery({ ...queries.getWebhookEndpointOptions(endpointId), staleTime: 0 }),
    ).rejects.toBeInstanceOf(NotFoundError);

    for (const name of ['A', 'B', 'C']) await client.courses.create({ name, description: '' });
    const observer = new InfiniteQueryObserver(
      queryClient,
      queries.listEventsInfiniteOptions({ type: 'course.created', limit: 2 }),
    );
    await observer.refetch();
    await observer.fetchNextPage();
    const feed = observer.getCurrentResult();
    const names = feed.data?.pages.flatMap((page) =>
      page.data.map((event) => event.type === 'course.created' && event.data.name),
    );
    expect([names, feed.hasNextPage]).toEqual([['A', 'B', 'C'], false]);
    observer.destroy();
    const [first] = (await queryClient.fetchQuery(queries.listEventsOptions({ type: 'course.created' })))
      .data;
    expect(await queryClient.fetchQuery(queries.getEventOptions(first?.id ?? ''))).toEqual(first);
  });

  it('aborts the request when the query is cancelled: the query’s signal reaches the fetch', async () => {
    // A server that never answers, so the query is still waiting when it is cancelled.
    const silent = await startHttpServer(() => undefined);
    const sent: Request[] = [];
    const client = createCourseClient({
      baseUrl: silent.url,
      apiKey: 'cms_prod_unused',
      fetch: (input, init) => {
        const request = new Request(input, init);
        sent.push(request);
        return fetch(request);
      },
    });
    const queryClient = new QueryClient();
    const options = courseQueries(client).listCoursesOptions();
    const pending = queryClient.fetchQuery(options);
    await vi.waitFor(() => expect(silent.seen).toHaveLength(1));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toSatisfy(isCancelledError);
    expect(sent.map((request) => request.signal.aborted)).toEqual([true]);
    await silent.close();
  });

  it('turns TanStack Query’s retries off, even where the QueryClient’s defaults turn them on', async () => {
    const failing = await startHttpServer((_req, res) =>
      sendJson(res, 503, problem(503, 'service_unavailable')),
    );
    try {
      const client = createCourseClient({ baseUrl: failing.url, apiKey: 'k', maxRetries: 0 });
      const queries = courseQueries(client);
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: 3, retryDelay: 0 }, mutations: { retry: 3, retryDelay: 0 } },
      });
      const observer = new QueryObserver(queryClient, queries.getCourseOptions(course.id));
      const unsubscribe = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
      unsubscribe();
      expect(failing.seen).toHaveLength(1);
      await expect(
        mutate(queryClient, queries.createCourseMutation(), { name: 'Once', description: '' }),
      ).rejects.toBeInstanceOf(InternalServerError);
      expect(failing.seen).toHaveLength(2);
    } finally {
      await failing.close();
    }
  });

  it('keeps two clients’ data apart in one QueryClient: the key names the base URL and the key’s environment', async () => {
    const empty = { data: [], hasMore: false, nextCursor: null };
    const first = await startHttpServer((_req, res) => sendJson(res, 200, empty));
    const second = await startHttpServer((_req, res) => sendJson(res, 200, { ...empty, data: [course] }));
    try {
      const queryClient = new QueryClient();
      const fetchFrom = (baseUrl: string, apiKey: string) =>
        queryClient.fetchQuery(courseQueries(createCourseClient({ baseUrl, apiKey })).listCoursesOptions());
      expect((await fetchFrom(first.url, 'k')).data).toEqual([]);
      expect((await fetchFrom(second.url, 'k')).data).toEqual([course]);
      const testKey = `cms_test_${'a'.repeat(32)}`;
      const prodKey = `cms_prod_${'a'.repeat(32)}`;
      const test = courseQueries(createCourseClient({ baseUrl: first.url, apiKey: testKey }));
      const prod = courseQueries(createCourseClient({ baseUrl: first.url, apiKey: prodKey }));
      expect(test.listCoursesOptions().queryKey).not.toEqual(prod.listCoursesOptions().queryKey);
      expect(JSON.stringify(test.listCoursesInfiniteOptions().queryKey)).not.toContain(testKey);
      await queryClient.invalidateQueries({ queryKey: ['course-service', 'listCourses'] });
      expect(queryClient.getQueryCache().findAll({ stale: true })).toHaveLength(2);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
