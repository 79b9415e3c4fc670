import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { announce } from '../servers/announce.ts';
import { type BaselineAnswers, type BaselineCourse, readBody, writeAnswer } from './fixtures.ts';

/** What a create must wait for before it is answered (nothing for the plain baseline). */
type Persist = (course: BaselineCourse) => Promise<void>;

/**
 * {@link writeAnswer} with Koa's own response handling off (`ctx.respond = false`): the cheapest
 * way a Koa app can put these bytes on the wire. A `ctx.set` per header and Koa's `respond` cost
 * more than our whole pipeline saves, and a ceiling must not be beaten.
 */
function send(ctx: Koa.Context, status: number, headers: string[], body?: string): void {
  ctx.respond = false;
  writeAnswer(ctx.res, status, headers, body);
}

/**
 * The bare Koa baseline: one middleware, no router or body parser, answering the benchmark's
 * requests with our server's exact bodies and headers (see fixtures.ts). A create is answered 201
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
