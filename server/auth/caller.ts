/** Who is calling, as established by authentication. */
export type Caller =
  | { kind: 'apiKey'; ownerId: string; keyId: string; scopes: readonly string[] }
  | { kind: 'idToken'; ownerId: string }
  | { kind: 'master' }
  | { kind: 'anonymous' };

/** The realm named in `WWW-Authenticate` challenges. */
export const REALM = 'course-service';
