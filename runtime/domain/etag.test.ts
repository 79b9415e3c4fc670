import { describe, expect, it } from 'vitest';
import { digestOf, etagOf, etagOfParts, ifNoneMatchHits } from './etag.ts';

describe('etagOf', () => {
  it('is a quoted token the spec pattern accepts, the same for the same text', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[a-z0-9]+"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
  });

  it('differs for texts that differ in one character or in order', () => {
    const tags = new Set(['{"a":1}', '{"a":2}', '{"b":1}', '1:"a"{}', '', ' '].map(etagOf));
    expect(tags.size).toBe(6);
  });
});

describe('etagOfParts', () => {
  const parts = ['{"id":"crs_1"}', '{"id":"crs_2"}', '{"id":"crs_3"}'].map(digestOf);
  it('is the same for the same parts and tail, in the spec pattern', () => {
    expect(etagOfParts(parts, ']}')).toMatch(/^"[a-z0-9]+"$/);
    expect(etagOfParts(parts, ']}')).toBe(etagOfParts([...parts], ']}'));
  });

  it('differs when a part, their order, their number or the tail differs', () => {
    const [a, b, c] = parts as [
      ReturnType<typeof digestOf>,
      ReturnType<typeof digestOf>,
      ReturnType<typeof digestOf>,
    ];
    const variants = [
      etagOfParts([a, b, c], ']}'),
      etagOfParts([a, c, b], ']}'),
      etagOfParts([a, b], ']}'),
      etagOfParts([a, b, digestOf('{"id":"crs_4"}')], ']}'),
      etagOfParts([a, b, c], '],"hasMore":true}'),
      etagOfParts([], ']}'),
    ];
    expect(new Set(variants).size).toBe(variants.length);
  });
});

describe('ifNoneMatchHits', () => {
  const tag = '"abc123"';
  it('matches the tag, a weak form of it, one of a list, and *', () => {
    for (const header of [tag, `W/${tag}`, `"x", ${tag}`, ` "x" ,W/${tag} `, '*']) {
      expect(ifNoneMatchHits(header, tag)).toBe(true);
    }
  });

  it('does not match other tags, an unquoted value, or nothing', () => {
    for (const header of ['"abc12"', 'abc123', '"x", "y"', '', null, undefined]) {
      expect(ifNoneMatchHits(header, tag)).toBe(false);
    }
  });
});
