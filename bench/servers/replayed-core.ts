// Child process: our server, configured as `our-server.ts` is, but each kind of request (method,
// URL, If-None-Match) is answered by the core once; every later one gets that first answer again,
// through the same Koa app, request frame and adapter. Its cost is ours without the core's work
// (authentication, quota, validation, the store, rendering): the bench's `replayed` row.
import type { Context, Next } from 'koa';
import type { Answer } from '../../core/index.ts';
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
  const state = ctx.state as { answer?: Answer };
  const answer = answers.get(kind);
  if (!answer) {
    await next();
    if (replayable(state.answer)) answers.set(kind, state.answer);
    return;
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') await drain(ctx);
  // The request frame writes `state.answer` as it writes any answer of the core's.
  state.answer = answer;
  ctx.status = answer.status;
}

const server = await startServer({ env: process.env, middleware: [replay] });
announce(server.url, () => server.close());
