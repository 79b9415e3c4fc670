const encoder = new TextEncoder();

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/** The id the master key's calls are made and rate-limited under; never a real key's id (`key_…`). */
export const MASTER_KEY_ID = 'mcp-master';

/**
 * Recognises the MCP master key (`MCP_MASTER_API_KEY`): compares fixed-length digests, so the time
 * taken says nothing of how much of a guess was right, whatever its length.
 *
 * @example const master = createMasterKeyCheck(secret); await master('guess') // false
 */
export function createMasterKeyCheck(secret: string): (value: string) => Promise<boolean> {
  const expected = sha256(secret);
  return async (value) => {
    const [sent, wanted] = await Promise.all([sha256(value), expected]);
    let difference = 0;
    for (let i = 0; i < wanted.length; i++) difference |= (sent[i] as number) ^ (wanted[i] as number);
    return difference === 0;
  };
}
