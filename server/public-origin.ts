/** A `Host` header value safe to put in a URL and a quoted header parameter. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin a client reached this server at, from its `Host` header (and `X-Forwarded-Proto`
 * behind a trusted proxy), for the absolute URLs of the sign-in metadata; `undefined` for a `Host`
 * that is not a plain host name.
 */
export function publicOrigin(
  host: unknown,
  forwardedProto: unknown,
  trustProxy: boolean,
): string | undefined {
  if (typeof host !== 'string' || !HOST.test(host)) return undefined;
  const scheme = trustProxy && forwardedProto === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}
