/**
 * The caller's quota as the server reported it on a response, from the `RateLimit-Policy` and
 * `RateLimit` headers (IETF draft-ietf-httpapi-ratelimit-headers structured syntax).
 */
export interface RateLimit {
  /** The policy's name, e.g. `default`. */
  policy: string;
  /** Requests allowed per window (`q`). */
  limit: number;
  /** Requests left in the current window (`r`). */
  remaining: number;
  /** Seconds until the window resets (`t`). */
  resetSeconds: number;
}

// `"default";q=100;w=60` and `"default";r=99;t=42`: a quoted name, then `;key=integer` parameters.
const ITEM = /^\s*"([^"]*)"((?:\s*;\s*[a-z]+=\d+)*)\s*$/;

function parseItem(value: string | null): { name: string; params: Map<string, number> } | undefined {
  const match = value === null ? null : ITEM.exec(value.split(',')[0] ?? '');
  if (!match) return undefined;
  const params = new Map<string, number>();
  for (const part of (match[2] ?? '').split(';')) {
    const [key, raw] = part.split('=');
    if (key && raw) params.set(key.trim(), Number(raw));
  }
  return { name: match[1] ?? '', params };
}

/**
 * Reads the rate-limit state from response headers; `undefined` when the response carries none
 * (for example on `401` or `403`, which do not consume quota).
 *
 * @example
 * const { data, response } = await client.courses.get('crs_7GfK2pQm9XwLz4Rt').withResponse();
 * const quota = parseRateLimit(response.headers);
 * if (quota && quota.remaining === 0) console.log(`window resets in ${quota.resetSeconds}s`);
 */
export function parseRateLimit(headers: Headers): RateLimit | undefined {
  const policy = parseItem(headers.get('RateLimit-Policy'));
  const state = parseItem(headers.get('RateLimit'));
  const limit = policy?.params.get('q');
  const remaining = state?.params.get('r');
  const resetSeconds = state?.params.get('t');
  if (limit === undefined || remaining === undefined || resetSeconds === undefined) return undefined;
  return { policy: policy?.name ?? '', limit, remaining, resetSeconds };
}
