// Child process: a bare Koa app (one middleware, no router or body parser) answering the
// benchmark's requests with fixed JSON.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { announce } from '../servers/announce.ts';
import { courseFrom, coursePage, readBody } from './fixtures.ts';

const page = coursePage();
const one = page.data[0];
const app = new Koa();

app.use(async (ctx) => {
  if (ctx.method === 'POST') {
    const course = courseFrom(JSON.parse(await readBody(ctx.req)) as { name: string; description: string });
    ctx.status = 201;
    ctx.set('location', `/api/v1/courses/${course.id}`);
    ctx.body = course;
    return;
  }
  ctx.body = ctx.path.startsWith('/api/v1/courses/') ? one : page;
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce(`http://127.0.0.1:${port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
server.keepAliveTimeout = 65_000;
