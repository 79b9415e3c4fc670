// Child process: the list of 20 on hono with @hono/zod-openapi, hono's OpenAPI middleware: the
// route is declared with zod schemas of the spec's query parameters (limit, cursor, status, as
// openapi.yaml bounds them), validated before the handler runs; served by @hono/node-server. The
// API key is looked up by its HMAC; the page goes out through `c.json`.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { announce } from '../servers/announce.ts';
import { keyOf, peerWork, unauthorized } from './peer-work.ts';

const work = peerWork();

const requireKey = createMiddleware(async (c, next) => {
  if (!work.lookUp(keyOf(c.req.header('authorization'), c.req.header('x-api-key')))) {
    return c.json(unauthorized, 401);
  }
  await next();
});

const listCourses = createRoute({
  method: 'get',
  path: '/api/v1/courses',
  operationId: 'listCourses',
  security: [{ apiKeyBearer: ['courses:read'] }, { apiKeyHeader: ['courses:read'] }],
  middleware: [requireKey] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[A-Za-z0-9_-]+$/)
        .optional(),
      status: z.enum(['draft', 'published', 'archived']).optional(),
    }),
  },
  responses: { 200: { description: 'A page of courses' } },
});

// Passed to `c.json`, whose own `Content-Type` (without a charset) they override, as ours says it.
const headers = Object.fromEntries(work.headers);

const app = new OpenAPIHono();
app.openapi(listCourses, (c) => c.json(work.page as Record<string, unknown>, 200, headers));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  announce(
    `http://127.0.0.1:${info.port}`,
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
});
(server as Server).keepAliveTimeout = 65_000;
