/**
 * The security headers of every dashboard response: a Content-Security-Policy with no inline
 * script or style and no third-party origin (only the identity provider, when one is configured,
 * for discovery and the token request), no framing, no referrer, no MIME sniffing.
 *
 * @example ctx.set(dashboardHeaders(['https://idp.example.com']));
 */
export function dashboardHeaders(connectOrigins: string[] = []): Record<string, string> {
  const connect = ["'self'", ...connectOrigins].join(' ');
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${connect}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
