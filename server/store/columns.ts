import { USAGE_FIELDS } from '@course-service/runtime';

/** The SQL column of a record's field, in both backends' tables: `ownerId` → `owner_id`. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** `fields` as a column list: `id, owner_id, …`. */
export const columnsOf = (fields: readonly string[]): string => fields.map(columnOf).join(', ');

/** How a field's value as stored becomes its value in a record, by field. */
export type Converters = Readonly<Record<string, (value: unknown) => unknown>>;

/**
 * A record of `fields`, each read by `read` (by position or by column name) and passed through
 * `convert` where it names the field (JSON text, a bigint that arrives as text).
 *
 * @example recordOf<ApiKeyRecord>(KEY_FIELDS, (field, i) => row[i], { scopes: (v) => JSON.parse(v as string) })
 */
export function recordOf<T>(
  fields: readonly string[],
  read: (field: string, index: number) => unknown,
  convert: Converters = {},
): T {
  const record: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) {
    const value = read(field, i);
    record[field] = convert[field] ? convert[field](value) : value;
  }
  return record as T;
}

/** The `api_key_usage` columns, and what an upsert of hours' counts sets: each counter added. */
export const USAGE_COLUMNS = columnsOf(USAGE_FIELDS);
const counters = USAGE_FIELDS.slice(2).map(columnOf);
export const USAGE_SUMS = counters.map((c) => `${c} = api_key_usage.${c} + excluded.${c}`).join(', ');

/** The `settings` key of the fingerprint of the secret API keys are hashed under. */
export const SECRET_FINGERPRINT = 'api_key_hash_secret.fingerprint';
