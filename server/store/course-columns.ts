import { COURSE_FIELDS } from '../../core/index.ts';

/** The SQL column of a record's field, in both backends' tables: `ownerId` → `owner_id`. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The `courses` columns, one per field of {@link COURSE_FIELDS}, in its order. */
export const COURSE_COLUMNS: readonly string[] = COURSE_FIELDS.map(columnOf);
