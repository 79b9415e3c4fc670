/** A `Host` header value safe to put in a URL and a quoted header parameter. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The first value of a header a chain of proxies may have appended to (`https, http`). */
function first(value: unknown): string | undefined {
  if (Array.isArray(value)) return first(value[0]);
  if (typeof value !== 'string') return undefined;
  const head = value.split(',')[0]?.trim();
  return head === '' ? undefined : head;
}

/**
 * The origin a client reached this server at, for the absolute URLs of the sign-in metadata: its
 * `Host` header, or behind a trusted proxy (`TRUST_PROXY`) the first `X-Forwarded-Host` and
 * `X-Forwarded-Proto` (the proxy nearest the client wrote them); `undefined` for a host that is
 * not a plain host name. `headers` are a request's, by lower-case name.
 *
 * @example publicOrigin({ host: 'localhost:3000' }, false) // 'http://localhost:3000'
 */
export function publicOrigin(
  headers: Readonly<Record<string, unknown>>,
  trustProxy: boolean,
): string | undefined {
  const host = (trustProxy && first(headers['x-forwarded-host'])) || first(headers.host);
  if (host === undefined || !HOST.test(host)) return undefined;
  const scheme =
    trustProxy && first(headers['x-forwarded-proto'])?.toLowerCase() === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}
