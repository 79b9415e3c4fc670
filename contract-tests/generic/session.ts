import type { Contract } from '../contract.ts';
import type { CredentialKind, OperationShape } from '../operation-shapes.ts';

/** Valid credentials of one new subject, made on first use: an ID token, and an API key with every scope. */
export interface Session {
  /** The headers that authenticate a request of this kind of credential (none for `none`). */
  credential(kind: CredentialKind): Promise<Record<string, string>>;
}

/**
 * A session for one check: its own subject, so its data and quotas never meet another check's.
 *
 * @example const auth = await openSession(c).credential('apiKey'); // { Authorization: 'Bearer cms_prod_…' }
 */
export function openSession(c: Contract): Session {
  const subject = c.subject('generic');
  let idToken: Promise<string> | undefined;
  let key: Promise<string> | undefined;
  return {
    async credential(kind): Promise<Record<string, string>> {
      if (kind === 'none') return {};
      if (kind === 'idToken') {
        idToken ??= c.target.issueIdToken(subject);
        return { Authorization: `Bearer ${await idToken}` };
      }
      key ??= c.newKey({ subject }).then((made) => made.key);
      return { Authorization: `Bearer ${await key}` };
    },
  };
}

/** A credential of the operation's first scheme that no server issued: a Bearer or an API-key header. */
export function invalidCredential(
  document: Record<string, unknown>,
  shape: OperationShape,
): Record<string, string> {
  const schemes = (document.components as { securitySchemes: Record<string, Record<string, string>> })
    .securitySchemes;
  const scheme = schemes[shape.schemes[0] ?? ''];
  const value = 'contract-invalid-credential';
  if (scheme?.type === 'apiKey' && scheme.in === 'header') return { [scheme.name as string]: value };
  return { Authorization: `Bearer ${value}` };
}
