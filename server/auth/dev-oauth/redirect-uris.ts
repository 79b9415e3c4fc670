const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const isLoopback = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);

/** A redirect URI a public client may register: https, or http on a loopback host (RFC 8252). */
export function acceptableRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.hash !== '') return false;
  return url.protocol === 'https:' || isLoopback(url);
}

/**
 * Whether an authorization request's `redirect_uri` is one the client registered: exactly, except
 * that an http loopback URI may name any port (RFC 8252 §7.3: native apps listen on an ephemeral one).
 *
 * @example redirectMatches(['http://127.0.0.1/cb'], 'http://127.0.0.1:53817/cb') // true
 */
export function redirectMatches(registered: string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  if (!URL.canParse(requested)) return false;
  const asked = new URL(requested);
  if (!isLoopback(asked)) return false;
  asked.port = '';
  return registered.some((uri) => {
    const known = new URL(uri);
    known.port = '';
    return isLoopback(known) && known.href === asked.href;
  });
}
