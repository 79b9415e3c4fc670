/** A header list as `Access-Control-Request-Headers` names it: tokens separated by commas. */
const HEADER_NAMES = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/** What a preflight asks: the request headers it wants to send (`Access-Control-Request-Headers`). */
export interface Preflight {
  /** The methods the resource takes, for `Access-Control-Allow-Methods`. */
  methods: string;
  requestHeaders: string | undefined;
}

/**
 * CORS headers (`[name, value, …]`) that let a page on `origin` (or `*`, any page) read an answer
 * and, for a preflight, send the request it asked about: the request headers it named are
 * reflected (whoever decided to allow the origin trusts it; protocols add headers of their own),
 * unless they are not a list of header names, and then the preflight fails.
 *
 * @example corsHeaders('http://localhost:6274', { expose: 'WWW-Authenticate' })
 */
export function corsHeaders(origin: string, options: { expose?: string; preflight?: Preflight }): string[] {
  const headers = ['Access-Control-Allow-Origin', origin];
  if (origin !== '*') headers.push('Vary', 'Origin');
  const { expose, preflight } = options;
  if (!preflight) {
    if (expose) headers.push('Access-Control-Expose-Headers', expose);
    return headers;
  }
  headers.push('Access-Control-Allow-Methods', preflight.methods);
  const asked = preflight.requestHeaders;
  if (asked && asked.length <= 1024 && HEADER_NAMES.test(asked))
    headers.push('Access-Control-Allow-Headers', asked);
  headers.push('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
  return headers;
}
