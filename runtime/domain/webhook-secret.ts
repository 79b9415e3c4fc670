// The signing secret of a webhook endpoint, in the Standard Webhooks format.

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes (32 characters). */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${SECRET_PREFIX}${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * What an endpoint shows of its secret to recognise it: `whsec_` and the first 4 characters after it.
 *
 * @example secretStart('whsec_MfKQ9r8GKYqXt3JqAkJzV0sWW8xN2RbT') // 'whsec_MfKQ'
 */
export function secretStart(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 4);
}
