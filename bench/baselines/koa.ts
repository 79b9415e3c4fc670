// Child process: a bare Koa app (one middleware, no router or body parser) answering the
// benchmark's requests with our server's exact bodies (see fixtures.ts).
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { announce } from '../servers/announce.ts';
import { baselineAnswers, readBody } from './fixtures.ts';

const answers = baselineAnswers();
const app = new Koa();

app.use(async (ctx) => {
  if (ctx.method === 'POST') {
    const course = answers.created(
      JSON.parse(await readBody(ctx.req)) as { name: string; description: string },
    );
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

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
server.keepAliveTimeout = 65_000;
