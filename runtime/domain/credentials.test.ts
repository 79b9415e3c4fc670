import { describe, expect, it } from 'vitest';
import { bearerToken, looksLikeJwt } from './credentials.ts';

describe('bearerToken', () => {
  it('reads the token of a Bearer credential, in any case, with any spaces around it', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    expect(bearerToken('BEARER abc\t')).toBe('abc');
  });

  it('tells a missing header (undefined) from one that is not a Bearer credential (null)', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken(null)).toBeUndefined();
    for (const value of [
      '',
      'Bearer',
      'Bearer ',
      'Bearer    ',
      'Basic abc',
      'Bearerabc',
      'Bearer\tabc',
      'Bearer a b',
      'Token abc',
    ]) {
      expect([value, bearerToken(value)]).toEqual([value, null]);
    }
  });
});

describe('looksLikeJwt', () => {
  it('recognises three base64url parts starting with a JSON header, and nothing else', () => {
    expect(looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.e30.c2ln')).toBe(true);
    expect(looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.e30')).toBe(false);
    expect(looksLikeJwt('cms_prod_abc')).toBe(false);
    expect(looksLikeJwt('eyJ.a b.c')).toBe(false);
  });
});
