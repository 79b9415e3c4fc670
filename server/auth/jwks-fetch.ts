import type { customFetch, JWTVerifyGetKey, RemoteJWKSetOptions } from 'jose';
import { jose } from './jose.ts';

/** The largest JWKS answer read; real ones are a few kilobytes. */
const JWKS_MAX_BYTES = 256 * 1024;

/** Reads at most `limit` bytes of a body; past it, stops reading and throws. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const { errors } = await jose();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new errors.JWKSInvalid(`the JWKS answer is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * jose's fetch for the JWKS, bounded: the whole exchange (headers and body) within jose's
 * `timeoutDuration` (its abort signal reaches the body read), at most {@link JWKS_MAX_BYTES}, and
 * only a 200 counts. Anything else throws, so a huge, slow or broken provider answer fails closed
 * as an invalid token instead of holding the request or the process.
 */
const boundedFetch: NonNullable<RemoteJWKSetOptions[typeof customFetch]> = async (url, options) => {
  const { errors } = await jose();
  let response: Response;
  try {
    // jose asks for `redirect: 'manual'`: a redirect is a non-200 answer below, never followed.
    response = await fetch(url, options);
  } catch (error) {
    // jose turns a TimeoutError into JWKSTimeout; anything else (refused, reset) is an unusable answer.
    if ((error as Error).name === 'TimeoutError') throw error;
    throw new errors.JWKSInvalid('the identity provider could not be reached', { cause: error });
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    throw new errors.JWKSInvalid(`the JWKS answer has status ${response.status}`);
  }
  const bytes = await readLimited(response.body, JWKS_MAX_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    JSON.parse(text);
  } catch (cause) {
    throw new errors.JWKSInvalid('the JWKS answer is not JSON', { cause });
  }
  return new Response(text, { status: 200, headers: response.headers });
};

/**
 * The identity provider's remote key set, fetched with {@link boundedFetch} and `timeoutMs` per fetch.
 *
 * @example const keys = remoteJwks(new URL('https://idp.example.com/jwks'), 5_000);
 */
export function remoteJwks(url: URL, timeoutMs: number): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keys ??= jose().then(({ createRemoteJWKSet, customFetch }) =>
      createRemoteJWKSet(url, { timeoutDuration: timeoutMs, [customFetch]: boundedFetch }),
    );
    return (await keys)(header, token);
  };
}
