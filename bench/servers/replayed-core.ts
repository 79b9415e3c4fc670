// Child process: our server, configured as `our-server.ts` is, but each kind of request (method,
// URL, If-None-Match) is answered by the core once; every later one gets that first answer again,
// put on `ctx` as our Koa adapter puts one, through the same Koa app and request frame. Its cost is
// ours without the core's work (authentication, quota, validation, the store, rendering): the
// bench's `replayed` row.

import { startServer } from '@course-service/server';
import type { Context, Next } from 'koa';
import { announce } from './announce.ts';

/** An answer as the adapter left it on `ctx`: text or nothing (a stream, MCP's, can be read once). */
interface Replayed {
  status: number;
  /** `[name, value, name, value, …]`. */
  headers: string[];
  body: string | null;
}

const answers = new Map<string, Replayed>();

/** Consumes the request's body, if it has one, as the core reads it before it answers. */
async function drain(ctx: Context): Promise<void> {
  for await (const _chunk of ctx.req);
}

/** Puts `answer` on `ctx` as the adapter does: each header with `ctx.set`, for Koa's `respond`. */
function put(ctx: Context, answer: Replayed): void {
  // An empty body first: Koa's setter makes a `null` body a 204, which the status then corrects.
  if (answer.body === null) ctx.body = null;
  ctx.status = answer.status;
  const { headers } = answer;
  for (let i = 0; i < headers.length; i += 2) ctx.set(headers[i] as string, headers[i + 1] as string);
  if (answer.body !== null) ctx.body = answer.body;
}

async function replay(ctx: Context, next: Next): Promise<void> {
  const kind = `${ctx.method} ${ctx.url} ${ctx.get('if-none-match')}`;
  const answer = answers.get(kind);
  if (!answer) {
    await next();
    // The core's answer, as the adapter put it on `ctx`.
    const { body } = ctx;
    if (ctx.status >= 400 || (body != null && typeof body !== 'string')) return;
    const headers = Object.entries(ctx.response.headers).flatMap(([name, value]) => [name, String(value)]);
    answers.set(kind, { status: ctx.status, headers, body: typeof body === 'string' ? body : null });
    return;
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') await drain(ctx);
  put(ctx, answer);
}

const server = await startServer({ env: process.env, middleware: [replay] });
announce(server.url, () => server.close());
