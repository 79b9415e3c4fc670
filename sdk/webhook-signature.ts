// Standard Webhooks `v1` signatures on WebCrypto, so the SDK verifies them with no dependency, in
// Node and in browsers alike: HMAC-SHA256 of `${id}.${timestamp}.${body}` under the secret's bytes.

const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

/** The headers of a delivery: a Fetch `Headers`, or a plain record such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A header's value, whatever the record's key case; repeated values joined by a space (several
 * `webhook-signature` values are one list).
 *
 * @example headerValue(req.headers, 'webhook-id');
 */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.join(' ');
}

/**
 * The `v1` signatures of a `webhook-signature` header, decoded; other versions, and values that
 * are not base64, are left out. `Headers` joins repeated headers with `, `, hence the commas.
 *
 * @example v1Signatures('v1,K5oZ… v1,Zx9q…'); // two 32-byte arrays
 */
export function v1Signatures(header: string): Uint8Array[] {
  const signatures: Uint8Array[] = [];
  for (const token of header.split(/\s+/)) {
    const [version, value] = token.replace(/,$/, '').split(',', 2);
    const bytes = version === 'v1' && value ? fromBase64(value) : undefined;
    if (bytes) signatures.push(bytes);
  }
  return signatures;
}

/**
 * The key bytes of a `whsec_…` secret (the prefix is optional, as in `standardwebhooks`).
 *
 * @throws TypeError when it is empty or not base64: a configuration mistake, not a bad delivery.
 * @example secretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
 */
export function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = fromBase64(encoded);
  if (!key || key.length === 0)
    throw new TypeError('A webhook secret is `whsec_` followed by base64, as the service showed it.');
  return key;
}

/**
 * The HMAC-SHA256 of `${id}.${timestamp}.` followed by the body's bytes, exactly as received.
 *
 * @example await sign(secretKey(secret), 'evt_…', '1764406800', body);
 */
export async function sign(
  key: Uint8Array<ArrayBuffer>,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<Uint8Array> {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const payload = typeof body === 'string' ? encoder.encode(body) : body;
  const message = new Uint8Array(prefix.length + payload.length);
  message.set(prefix);
  message.set(payload, prefix.length);
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, message));
}

/**
 * Whether two byte arrays are equal, in a time that depends on their length only (public: 32
 * bytes), never on where they differ, so a forger learns nothing from how long a refusal took.
 *
 * @example sameBytes(expected, received);
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
  try {
    return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
