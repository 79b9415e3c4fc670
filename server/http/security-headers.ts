/**
 * The headers every answer carries (OWASP's REST Security Cheat Sheet): no MIME sniffing, no
 * framing, no active content should a browser render an answer, no referrer. Set before the
 * request is handled, so error answers carry them too; the dashboard replaces them with its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};
