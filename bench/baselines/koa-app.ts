import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { announce } from '../servers/announce.ts';
import { type BaselineAnswers, readBody } from './fixtures.ts';

/** What a create must wait for before it is answered (nothing for the plain baseline). */
type Persist = (course: object) => Promise<void>;

/**
 * The bare Koa baseline: one middleware, no router or body parser, answering the benchmark's
 * requests with our server's exact bodies (see fixtures.ts). A create is answered 201 once
 * `persist` has resolved, so the durable baseline differs from the plain one in that alone.
 */
export function bareKoaApp(answers: BaselineAnswers, persist?: Persist): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method === 'POST') {
      const course = answers.created(
        JSON.parse(await readBody(ctx.req)) as { name: string; description: string },
      );
      if (persist) await persist(course);
      ctx.status = 201;
      ctx.set('location', `/api/v1/courses/${course.id}`);
      ctx.body = course;
      return;
    }
    if (!ctx.path.startsWith('/api/v1/courses/')) {
      ctx.body = answers.list;
      return;
    }
    ctx.set('etag', answers.etag);
    if (ctx.get('if-none-match') === answers.etag) {
      ctx.status = 304;
      return;
    }
    ctx.body = answers.one;
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
