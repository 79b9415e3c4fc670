import { createHmac } from 'node:crypto';
import type { Store } from '@course-service/runtime';

// A fixed label: the fingerprint is an HMAC of it under the secret, so it tells secrets apart
// without saying anything of them.
const LABEL = 'course-service API_KEY_HASH_SECRET fingerprint v1';

/** Raised when the key hashing secret is not the one the database was first started with. */
class SecretMismatchError extends Error {
  override readonly name = 'SecretMismatchError';
}

/** The fingerprint of a key hashing secret: HMAC-SHA-256 of a fixed label under it, hex. */
function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(LABEL).digest('hex');
}

/**
 * Checks the key hashing secret against the fingerprint the store recorded on its first start
 * (recording it then): with another secret, every stored key would be unknown, so the server
 * refuses to start, in one line that names the variable and neither secret. `fromEnvironment`
 * says whether the secret was set or generated into the data directory.
 *
 * @example await assertSameSecret(store, secret, config.apiKeyHashSecret !== undefined);
 */
export async function assertSameSecret(
  store: Store,
  secret: string,
  fromEnvironment: boolean,
): Promise<void> {
  if ((await store.checkSecretFingerprint(secretFingerprint(secret))) !== 'differs') return;
  const how = fromEnvironment
    ? 'the API_KEY_HASH_SECRET set here'
    : 'API_KEY_HASH_SECRET is unset here, and the one generated into this DATA_DIR';
  throw new SecretMismatchError(
    `API_KEY_HASH_SECRET differs from the secret this database was first started with (${how} has another fingerprint), so no stored API key would match. ` +
      'Start every instance with the API_KEY_HASH_SECRET the database was started with, or use a new database.',
  );
}
