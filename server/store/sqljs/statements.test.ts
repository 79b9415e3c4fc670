import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './migrations.ts';
import { ORACLE_SQL } from './read-model-oracle.fixture.ts';
import { SQL } from './statements.ts';

const sqlJs = await initSqlJs();
const db = new sqlJs.Database();
applyMigrations(db);

function plan(sql: string, params: (string | number)[]): string {
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  statement.bind(params);
  const steps: string[] = [];
  while (statement.step()) steps.push(String(statement.get()[3]));
  statement.free();
  return steps.join(' | ');
}

// Reads stay O(page) only if each query seeks an index and needs no sort; this pins that down.
describe('read statements', () => {
  it.each([
    [
      'listCourses',
      ORACLE_SQL.listCourses,
      ['u', 'test', 10, 20],
      'USING INDEX courses_owner_env_seq (owner_id=? AND environment=? AND seq<?)',
    ],
    [
      'listCoursesByStatus',
      ORACLE_SQL.listCoursesByStatus,
      ['u', 'test', 'draft', 10, 20],
      // No index by status (migration 3): the owner's index, filtered; pages come from the read model.
      'USING INDEX courses_owner_env_seq (owner_id=? AND environment=? AND seq<?)',
    ],
    [
      'courseKeysOf',
      SQL.courseKeysOf,
      ['u', 'test'],
      'USING INDEX courses_owner_env_seq (owner_id=? AND environment=?)',
    ],
    [
      'countCourses',
      SQL.countCourses,
      ['u', 'test'],
      'USING COVERING INDEX courses_owner_env_seq (owner_id=? AND environment=?)',
    ],
    [
      'listApiKeys',
      ORACLE_SQL.listApiKeys,
      ['u', 10, 20],
      'USING INDEX api_keys_owner_seq (owner_id=? AND seq<?)',
    ],
    [
      'listApiKeysByEnvironment',
      ORACLE_SQL.listApiKeysByEnvironment,
      ['u', 'test', 10, 20],
      'USING INDEX api_keys_owner_env_seq (owner_id=? AND environment=? AND seq<?)',
    ],
    ['getCourse', SQL.getCourse, ['c', 'u', 'test'], 'USING INDEX sqlite_autoindex_courses_1 (id=?)'],
    [
      'findApiKeyByHash',
      ORACLE_SQL.findApiKeyByHash,
      ['h'],
      'USING INDEX sqlite_autoindex_api_keys_2 (hash=?)',
    ],
    [
      'getIdempotent',
      ORACLE_SQL.getIdempotent,
      ['s', 'k'],
      'USING INDEX sqlite_autoindex_idempotency_1 (scope=? AND key=?)',
    ],
    ['purgeIdempotent', SQL.purgeIdempotent, ['t'], 'USING INDEX idempotency_created_at (created_at<?)'],
  ] as const)('%s seeks an index without sorting', (_, sql, params, expected) => {
    const steps = plan(sql, [...params]);
    expect(steps).toContain(expected);
    expect(steps).not.toContain('TEMP B-TREE');
    expect(steps).not.toMatch(/\bSCAN\b/);
  });
});
