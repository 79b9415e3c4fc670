import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken } from '../../domain/credentials.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import { REALM } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import type { McpCaller } from './tool-runner.ts';

/** The key id the master key's calls are made and rate-limited under; never a real key's id (`key_…`). */
export const MASTER_KEY_ID = 'mcp-master';

const HELP = "Send the master key or an API key as 'Authorization: Bearer <KEY>'.";

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Authenticates an MCP request from its `Authorization: Bearer` header alone: the master key
 * (`MCP_MASTER_API_KEY`; master mode is off when it is unset), else an ordinary API key checked
 * exactly as the REST API checks it. Throws a 401 {@link ApiError} with `WWW-Authenticate`.
 */
export function createMcpAuthenticator(options: {
  masterKey: string | undefined;
  authenticator: Authenticator;
}) {
  // Comparing fixed-length digests keeps the comparison constant-time whatever the length sent.
  const master = options.masterKey ? digest(options.masterKey) : undefined;
  return async function authenticate(headers: IncomingHttpHeaders): Promise<McpCaller> {
    const bearer = bearerToken(headers.authorization);
    if (bearer === undefined) {
      throw new ApiError('authentication_required', HELP, {
        headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` },
      });
    }
    if (bearer === null) {
      throw new ApiError('invalid_api_key', `The Authorization header is not a Bearer credential. ${HELP}`, {
        headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token"` },
      });
    }
    if (master && timingSafeEqual(digest(bearer), master)) return { kind: 'master' };
    // Only the Authorization header counts here: X-API-Key is not an MCP credential.
    const caller = await options.authenticator.authenticate(
      { authorization: headers.authorization },
      'apiKey',
    );
    return caller as McpCaller;
  };
}
