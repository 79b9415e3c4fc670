import type { KeyEnvironment } from '../../domain/api-key-format.ts';

/** Who is calling, as established by authentication. An API key acts in its own environment. */
export type Caller =
  | { kind: 'apiKey'; ownerId: string; keyId: string; environment: KeyEnvironment; scopes: readonly string[] }
  /** `viaMaster`: the MCP master key acting for `ownerId` (key management tools). */
  | { kind: 'idToken'; ownerId: string; viaMaster?: boolean }
  | { kind: 'master' }
  | { kind: 'anonymous' };

/** The realm named in `WWW-Authenticate` challenges. */
export const REALM = 'course-service';
