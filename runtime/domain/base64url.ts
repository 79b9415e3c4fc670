/**
 * Text as unpadded base64url (RFC 4648 §5) of its UTF-8 bytes, as JWTs and cursors carry it.
 *
 * @example encodeBase64Url('v1:42') // 'djE6NDI'
 */
export function encodeBase64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * The text a base64url string encodes; throws when it is not base64url or not UTF-8.
 *
 * @example decodeBase64Url('djE6NDI') // 'v1:42'
 */
export function decodeBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
