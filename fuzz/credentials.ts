import type { CredentialKind } from '@course-service/contract-tests';
import fc from 'fast-check';
import type { FuzzSession } from './session.ts';

/** The credential part of a generated request: its headers and whether it should be accepted. */
export interface CredentialChoice {
  label: string;
  headers: [string, string][];
  valid: boolean;
}

const choice = (label: string, headers: [string, string][], valid: boolean): CredentialChoice => ({
  label,
  headers,
  valid,
});

/** A token with one character of its signature changed: well-formed, but it must not verify. */
const tampered = (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

/**
 * Credentials for an operation: the right one (mostly), none, the other kind, a garbage or
 * tampered one, or the right one sent twice in duplicate headers.
 *
 * @example fc.sample(credentialArbitrary('apiKey', session), 5);
 */
export function credentialArbitrary(
  kind: CredentialKind,
  session: FuzzSession,
): fc.Arbitrary<CredentialChoice> {
  if (kind === 'none') return fc.constant(choice('no credential', [], true));
  const own = kind === 'idToken' ? session.idToken : session.apiKey;
  const valid = [choice('valid credential', [['authorization', `Bearer ${own}`]], true)];
  if (kind === 'apiKey') valid.push(choice('valid X-API-Key', [['x-api-key', own]], true));
  // MCP takes an API key or an ID token as a bearer, but no X-API-Key header.
  if (kind === 'mcp')
    valid.push(choice('an ID token', [['authorization', `Bearer ${session.idToken}`]], true));
  const other: [string, string] =
    kind === 'mcp'
      ? ['x-api-key', session.apiKey]
      : ['authorization', `Bearer ${kind === 'idToken' ? session.apiKey : session.idToken}`];
  const invalid = [
    choice('no credential', [], false),
    choice('the other kind of credential', [other], false),
    choice('a tampered credential', [['authorization', `Bearer ${tampered(own)}`]], false),
    choice('a Basic credential', [['authorization', `Basic ${btoa(`user:${own}`)}`]], false),
    choice(
      'the credential in duplicate Authorization headers',
      [
        ['authorization', `Bearer ${own}`],
        ['authorization', `Bearer ${own}`],
      ],
      false,
    ),
  ];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 4 },
    { arbitrary: fc.constantFrom(...invalid), weight: 1 },
    {
      arbitrary: fc
        .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 80 })
        .map((junk) => choice('a garbage bearer', [['authorization', `Bearer ${junk}`]], false)),
      weight: 1,
    },
  );
}
