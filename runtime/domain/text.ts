// One rule for text the backends cannot agree on: PostgreSQL refuses NUL in text where sql.js and
// memory keep it, so text that reaches a store holds no C0 control character at all. The spec says
// the same of request bodies with patterns; these checks cover what no schema sees (ID-token subjects).

/** Whether `text` holds a C0 control character (U+0000–U+001F). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * Whether `subject` can own keys and courses on every backend: a string with a non-space
 * character, at most 255 characters, and no control characters.
 *
 * @example isValidSubject('alice') // true; isValidSubject('a\u0000b') // false
 */
export function isValidSubject(subject: unknown): subject is string {
  return (
    typeof subject === 'string' &&
    subject.trim() !== '' &&
    subject.length <= 255 &&
    !hasControlCharacter(subject)
  );
}
