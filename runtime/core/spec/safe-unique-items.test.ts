import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { withSafeUniqueItems } from './safe-unique-items.ts';

const schema = { type: 'array', uniqueItems: true, items: { anyOf: [{ type: 'string' }, { const: '*' }] } };

describe('uniqueItems that never calls into the data', () => {
  it("Ajv's own throws on an item with its own toString; the safe one reports the items instead", () => {
    const hostile: unknown[] = [{}, { toString: 0 }, { valueOf: 0 }];
    expect(() => new Ajv2020({ allErrors: true }).compile(schema)(hostile)).toThrow(TypeError);
    const validate = withSafeUniqueItems(new Ajv2020({ allErrors: true })).compile(schema);
    expect(validate(hostile)).toBe(false);
    expect(validate.errors?.map((error) => error.keyword)).not.toContain('uniqueItems');
  });

  it('refuses duplicates however their keys are ordered, naming both items, and accepts distinct ones', () => {
    const validate = withSafeUniqueItems(new Ajv2020({ allErrors: true })).compile({
      type: 'array',
      uniqueItems: true,
    });
    expect(validate(['a', 'b', { x: 1, y: 2 }])).toBe(true);
    expect(validate(['a', { x: 1, y: 2 }, { y: 2, x: 1 }])).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({
        keyword: 'uniqueItems',
        params: { i: 2, j: 1 },
        message: 'must NOT have duplicate items (items ## 2 and 1 are identical)',
      }),
    ]);
    expect(validate(['a', 'a'])).toBe(false);
    expect(validate([1, 1.0])).toBe(false);
    expect(validate([1, '1'])).toBe(true);
  });
});
