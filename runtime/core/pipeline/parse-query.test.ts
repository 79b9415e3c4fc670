import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';

describe('parseQuery', () => {
  it('parses like node:querystring: repeats become arrays, escapes and + are decoded', () => {
    for (const text of [
      'limit=20',
      'limit=20&status=draft',
      'a=1&a=2&a=3',
      'q=a%20b+c',
      'flag',
      'x=&y',
      '',
    ]) {
      expect(parseQuery(text)).toEqual({ ...parse(text) });
    }
  });

  it('keeps malformed escapes as sent instead of throwing', () => {
    expect(parseQuery('cursor=%E0%A4%A')).toEqual({ cursor: '%E0%A4%A' });
  });

  it('never lets a parameter named __proto__ reach the prototype', () => {
    const query = parseQuery('__proto__=x&limit=1');
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(query).toEqual({ limit: '1' });
  });

  it('returns a fresh object each time, so coercing one request never leaks into another', () => {
    expect(parseQuery('limit=5')).not.toBe(parseQuery('limit=5'));
  });
});
