// Child process: our server, configured as `our-server.ts` is, but each kind of request (method,
// URL, If-None-Match) is answered by the core once; every later one gets that first answer again,
// through the same Koa app, request frame and adapter. Its cost is ours without the core's work
// (authentication, quota, validation, the store, rendering): the bench's `replayed` row.

import type { Answer } from '@course-service/runtime';
import type { Context, Next } from 'koa';
import { putAnswer } from '../../server/http/service-middleware.ts';
import { startServer } from '../../server/start-server.ts';
import { announce } from './announce.ts';

const answers = new Map<string, Answer>();

/** Consumes the request's body, if it has one, as the core reads it before it answers. */
async function drain(ctx: Context): Promise<void> {
  for await (const _chunk of ctx.req);
}

/** An answer that can be sent again: text or nothing (a stream, MCP's, can be read once). */
const replayable = (answer: Answer | undefined): answer is Answer =>
  answer !== undefined && answer.status < 400 && (answer.body === null || typeof answer.body === 'string');

async function replay(ctx: Context, next: Next): Promise<void> {
  const kind = `${ctx.method} ${ctx.url} ${ctx.get('if-none-match')}`;
  const answer = answers.get(kind);
  if (!answer) {
    await next();
    // The core's answer, as the adapter put it on `ctx`.
    const { body } = ctx;
    const headers = Object.entries(ctx.response.headers).flatMap(([name, value]) => [name, String(value)]);
    const seen = { status: ctx.status, headers, body: typeof body === 'string' ? body : null };
    if (body == null || typeof body === 'string') if (replayable(seen)) answers.set(kind, seen);
    return;
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') await drain(ctx);
  putAnswer(ctx, answer);
}

const server = await startServer({ env: process.env, middleware: [replay] });
announce(server.url, () => server.close());
