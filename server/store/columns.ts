import { COURSE_FIELDS, USAGE_FIELDS } from '@course-service/runtime';

/** The SQL column of a record's field, in both backends' tables: `ownerId` → `owner_id`. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The `courses` columns, one per field of {@link COURSE_FIELDS}, in its order. */
export const COURSE_COLUMNS: readonly string[] = COURSE_FIELDS.map(columnOf);

/** `fields` as a column list: `id, owner_id, …`. */
export const columnsOf = (fields: readonly string[]): string => fields.map(columnOf).join(', ');

/**
 * A record of `fields`, each read by `read` (by position or by column name) and passed through
 * `convert` where it names the field (JSON text, a bigint that arrives as text).
 *
 * @example recordOf<ApiKeyRecord>(KEY_FIELDS, (field, i) => row[i], { scopes: (v) => JSON.parse(v as string) })
 */
export function recordOf<T>(
  fields: readonly string[],
  read: (field: string, index: number) => unknown,
  convert: Readonly<Record<string, (value: unknown) => unknown>> = {},
): T {
  const record: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) {
    const value = read(field, i);
    record[field] = convert[field] ? convert[field](value) : value;
  }
  return record as T;
}

/** `fields` but `seq`, which PostgreSQL assigns. */
export const withoutSeq = <F extends string>(fields: readonly F[]): Array<Exclude<F, 'seq'>> =>
  fields.filter((field): field is Exclude<F, 'seq'> => field !== 'seq');

/** The `api_key_usage` columns, and what an upsert of hours' counts sets: each counter added. */
export const USAGE_COLUMNS = columnsOf(USAGE_FIELDS);
const counters = USAGE_FIELDS.slice(2).map(columnOf);
export const USAGE_SUMS = counters.map((c) => `${c} = api_key_usage.${c} + excluded.${c}`).join(', ');
