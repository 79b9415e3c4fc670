import type { Context, Next } from 'koa';

/**
 * Logs one line per request at `info`: method, path, status and duration. Never headers, bodies or
 * query values. Mount it only when `info` is on.
 */
export async function accessLog(ctx: Context, next: Next): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
  }
}
