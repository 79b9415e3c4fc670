/** The public keys a secret scanner signs its reports with. */
export interface ReportKeys {
  /** The PEM (SPKI) public key published under `identifier`; `undefined` when none is. */
  publicKey(identifier: string): Promise<string | undefined>;
}

const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The DER bytes of a PEM block. */
function pemBytes(pem: string): Uint8Array<ArrayBuffer> {
  return fromBase64(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
}

/**
 * An ASN.1 DER ECDSA signature (`SEQUENCE { r INTEGER, s INTEGER }`, what scanners send) as the
 * 64 bytes `r || s` WebCrypto verifies; `undefined` when it is not one.
 */
function rawSignature(der: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  if (der[0] !== 0x30 || der.length < 8) return undefined;
  const out = new Uint8Array(64);
  let at = der[1] === 0x81 ? 3 : 2;
  for (const half of [0, 32]) {
    if (der[at] !== 0x02) return undefined;
    const length = der[at + 1] ?? 0;
    let value = der.subarray(at + 2, at + 2 + length);
    while (value.length > 32 && value[0] === 0) value = value.subarray(1);
    if (value.length > 32 || at + 2 + length > der.length) return undefined;
    out.set(value, half + 32 - value.length);
    at += 2 + length;
  }
  return at === der.length ? out : undefined;
}

/**
 * Whether `signature` (base64 DER ECDSA P-256 with SHA-256) is `pem`'s signature of `body`, with
 * WebCrypto, so the same code runs in Node and in a browser (the mocks). A malformed key or
 * signature is simply not a valid signature.
 *
 * @example await verifyReportSignature(pem, request.headers['github-public-key-signature'], rawBody)
 */
export async function verifyReportSignature(pem: string, signature: string, body: string): Promise<boolean> {
  try {
    const raw = rawSignature(fromBase64(signature));
    if (!raw) return false;
    const key = await crypto.subtle.importKey(
      'spki',
      pemBytes(pem),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, encoder.encode(body));
  } catch {
    return false;
  }
}
