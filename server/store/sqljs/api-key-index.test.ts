import { textBefore } from '@course-service/runtime/embedded-store';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';

const sqlJs = await initSqlJs();
const db = new sqlJs.Database();

describe('textBefore', () => {
  // BMP, private use (U+E000 up), a surrogate pair (U+1F600), prefixes and equal strings.
  const samples = [
    '',
    'a',
    'ab',
    'b',
    '2026-01-01T00:00:00Z',
    '2026-01-02',
    'é',
    '\ue000',
    '\uffff',
    '😀',
    'a😀',
    'a\uffff',
  ];

  it('orders strings as SQLite orders TEXT (code points), not as JS orders UTF-16 units', () => {
    for (const a of samples) {
      for (const b of samples) {
        const sqlite = db.exec('SELECT ? < ?', [a, b])[0]?.values[0]?.[0];
        expect(textBefore(a, b), `${a} < ${b}`).toBe(sqlite === 1);
      }
    }
    expect('😀' < '\uffff').toBe(true);
    expect(textBefore('😀', '\uffff')).toBe(false);
  });
});
