import type { Context, Next } from 'koa';

/**
 * The headers every API answer carries (OWASP's REST Security Cheat Sheet): no MIME sniffing, no
 * framing, no active content should a browser render an answer, no referrer. Set before the
 * request is handled, so error answers carry them too; the dashboard replaces them with its own.
 * The fast lane (`fast-lane.ts`), which answers without Koa, sets them too.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/**
 * Koa middleware that sets the API's security headers on every response.
 *
 * @example koa.use(securityHeaders);
 */
export function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set(SECURITY_HEADERS);
  return next();
}
