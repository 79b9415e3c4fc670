/** Decodes one query component: `+` is a space, and malformed escapes are kept as sent. */
function decode(text: string): string {
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Parses a query string (without `?`) into a fresh object, as Node's `querystring` does (a
 * repeated name gives an array), in one pass and without Koa's cached copy, which validation would
 * otherwise have to clone because it coerces values in place.
 *
 * @example parseQuery('limit=20&status=draft') // { limit: '20', status: 'draft' }
 */
export function parseQuery(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (!text) return query;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    // A name like `__proto__` must stay plain data.
    if (name === '__proto__') continue;
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const seen = query[name];
    if (seen === undefined) query[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else query[name] = [seen, value];
  }
  return query;
}
