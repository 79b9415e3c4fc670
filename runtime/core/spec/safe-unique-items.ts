import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { DataValidateFunction } from 'ajv/dist/types/index.js';
import { canonicalJson } from '../../domain/canonical-json.ts';

/**
 * Replaces Ajv's `uniqueItems` with one that compares items by their canonical JSON. Ajv's own
 * compares objects with fast-deep-equal, which calls an item's `toString` or `valueOf` when the
 * item has its own: a body such as `{"scopes":[{},{"toString":0}]}` made it throw, a 500 for a
 * client's mistake. Canonical JSON never calls into the data, and JSON bodies hold nothing it
 * cannot write. The error stays Ajv's: keyword `uniqueItems`, params `i` and `j`.
 */
export function withSafeUniqueItems(ajv: Ajv2020): Ajv2020 {
  ajv.removeKeyword('uniqueItems');
  const validate: DataValidateFunction = function uniqueItems(this: unknown, unique: boolean, data: unknown) {
    if (!unique || !Array.isArray(data)) return true;
    const seen = new Map<string, number>();
    for (let j = 0; j < data.length; j++) {
      const text = canonicalJson(data[j]);
      const i = seen.get(text);
      if (i !== undefined) {
        validate.errors = [
          {
            keyword: 'uniqueItems',
            message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
            params: { i: j, j: i },
          },
        ];
        return false;
      }
      seen.set(text, j);
    }
    return true;
  } as unknown as DataValidateFunction;
  ajv.addKeyword({ keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate });
  return ajv;
}
