import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { announce } from '../servers/announce.ts';
import { type BaselineAnswers, type BaselineCourse, readBody } from './fixtures.ts';

/** What a create must wait for before it is answered (nothing for the plain baseline). */
type Persist = (course: BaselineCourse) => Promise<void>;

/**
 * Puts an answer on the context as an idiomatic Koa app does: the status, each header with
 * `ctx.set`, the body on `ctx.body`; Koa's own `respond` sends it (and adds `Content-Length`). So
 * every middleware mounted before this one could still see and change the answer: the ceiling for
 * a Koa server that keeps that promise, as ours does.
 */
function send(ctx: Koa.Context, status: number, headers: string[], body?: string): void {
  ctx.status = status;
  for (let i = 0; i < headers.length; i += 2) ctx.set(headers[i] as string, headers[i + 1] as string);
  // After the headers: a string body sets `Content-Type` to text or HTML only when none is set.
  if (body !== undefined) ctx.body = body;
}

/**
 * The bare Koa baseline: one middleware, no router or body parser, answering the benchmark's
 * requests with our server's exact bodies and headers (see fixtures.ts), sent by Koa's `respond`. A create is answered 201
 * once `persist` has resolved, so the durable baseline differs from the plain one in that alone.
 */
export function bareKoaApp(answers: BaselineAnswers, persist?: Persist): Koa {
  const { headers } = answers;
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method === 'POST') {
      const course = answers.created(
        JSON.parse(await readBody(ctx.req)) as { name: string; description: string },
      );
      if (persist) await persist(course);
      const location = ['location', `/api/v1/courses/${course.id}`];
      send(ctx, 201, headers.created.concat(location), JSON.stringify(course));
      return;
    }
    if (!ctx.path.startsWith('/api/v1/courses/')) {
      send(ctx, 200, headers.list, JSON.stringify(answers.list));
      return;
    }
    if (ctx.get('if-none-match') === answers.etag) {
      send(ctx, 304, headers.notModified);
      return;
    }
    send(ctx, 200, headers.one, JSON.stringify(answers.one));
  });
  return app;
}

/**
 * Serves `app` on a loopback port and announces its URL to the parent; on SIGTERM the server
 * closes, then `cleanup` runs (e.g. closing and removing a journal).
 */
export function serveKoa(app: Koa, cleanup: () => Promise<void> = async () => {}): void {
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    announce(`http://127.0.0.1:${port}`, async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cleanup();
    });
  });
  server.keepAliveTimeout = 65_000;
}
