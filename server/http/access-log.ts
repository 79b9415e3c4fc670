import type { Context, Next } from 'koa';

/** Logs one line per request: method, path, status and duration. Never headers, bodies or query values. */
export async function accessLog(ctx: Context, next: Next): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    ctx.state.log?.info(
      {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  }
}
