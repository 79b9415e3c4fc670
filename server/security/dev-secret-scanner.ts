import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { ReportKeys } from '@course-service/runtime';
import { loadLocalSecret } from '../auth/local-secret.ts';

/** One published key, as GitHub lists its secret-scanning keys. */
interface PublishedKey {
  key_identifier: string;
  key: string;
  is_current: boolean;
}

/**
 * The built-in development secret scanner: signs any leaked-key report, as GitHub signs the ones it
 * sends, so a development server's report endpoint can be used end to end. Never in production.
 */
export interface DevSecretScanner {
  /** Its public key, as GitHub publishes its own (`{ public_keys: [{ key_identifier, key, is_current }] }`). */
  publicKeys: { public_keys: PublishedKey[] };
  /** The same key, for the report check: read here, not fetched over HTTP from the server itself. */
  reportKeys: ReportKeys;
  /** The `Github-Public-Key-*` header values for `body`: base64 ASN.1 DER ECDSA (P-256, SHA-256). */
  sign(body: string): { keyIdentifier: string; signature: string };
}

/**
 * Loads (or creates, in `dataDir`) the scanner's P-256 signing key and returns the scanner. The key
 * identifier is the SHA-256 of the public key (hex), as GitHub's identifiers are.
 *
 * @example const { keyIdentifier, signature } = createDevSecretScanner(':memory:').sign('[]');
 */
export function createDevSecretScanner(dataDir: string): DevSecretScanner {
  const pkcs8 = loadLocalSecret<string>(dataDir, 'dev-secret-scanner-key', () =>
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const privateKey = createPrivateKey(pkcs8);
  const publicKey = createPublicKey(privateKey);
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyIdentifier = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
  return {
    publicKeys: { public_keys: [{ key_identifier: keyIdentifier, key: pem, is_current: true }] },
    reportKeys: { publicKey: async (identifier) => (identifier === keyIdentifier ? pem : undefined) },
    sign: (body) => ({
      keyIdentifier,
      signature: sign('sha256', Buffer.from(body), privateKey).toString('base64'),
    }),
  };
}
