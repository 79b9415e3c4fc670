// Child process: our server, configured as `our-server.ts` is, but each kind of request (method,
// URL, If-None-Match) is answered by the core once; every later one gets that first answer again,
// through the same Koa app, request frame and adapter. Its cost is ours without the core's work
// (authentication, quota, validation, the store, rendering): the bench's `replayed` row.
import type { Context, Next } from 'koa';
import type { Answer } from '../../core/index.ts';
import { startServer } from '../../server/start-server.ts';
import { announce } from './announce.ts';

const answers = new Map<string, Answer>();

/** Consumes the request's body, as the core reads it before a create is answered. */
async function drain(ctx: Context): Promise<void> {
  for await (const _chunk of ctx.req);
}

async function replay(ctx: Context, next: Next): Promise<void> {
  const kind = `${ctx.method} ${ctx.url} ${ctx.get('if-none-match')}`;
  const state = ctx.state as { answer?: Answer };
  const answer = answers.get(kind);
  if (!answer) {
    await next();
    if (state.answer && state.answer.status < 400) answers.set(kind, state.answer);
    return;
  }
  if (ctx.method === 'POST') await drain(ctx);
  // The request frame writes `state.answer` as it writes any answer of the core's.
  state.answer = answer;
  ctx.status = answer.status;
}

const server = await startServer({ env: process.env, middleware: [replay] });
announce(server.url, () => server.close());
