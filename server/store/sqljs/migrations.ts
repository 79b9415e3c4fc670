import type { Database } from 'sql.js';

/** One schema step. `version` is what `PRAGMA user_version` holds once it has run. */
export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

/**
 * Every schema change, oldest first. Append only: a released step is never edited, because
 * snapshots on disk record the version they were written at.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'courses, api keys, idempotent responses',
    statements: [
      // Counters that must survive deletes (the next seq of each table) and the journal position
      // the snapshot includes.
      'CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)',
      `CREATE TABLE courses (
        id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        published_at TEXT,
        archived_at TEXT,
        seq INTEGER NOT NULL UNIQUE
      )`,
      'CREATE INDEX courses_owner_seq ON courses (owner_id, seq)',
      'CREATE INDEX courses_owner_status_seq ON courses (owner_id, status, seq)',
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        start TEXT NOT NULL,
        environment TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        expires_at TEXT,
        revoked_at TEXT,
        seq INTEGER NOT NULL UNIQUE
      )`,
      'CREATE INDEX api_keys_owner_seq ON api_keys (owner_id, seq)',
      `CREATE TABLE idempotency (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (scope, key)
      )`,
      // The purge deletes by age; without this index it would scan every stored response.
      'CREATE INDEX idempotency_created_at ON idempotency (created_at)',
    ],
  },
  {
    version: 2,
    name: 'course environments (test keys see only test courses)',
    statements: [
      // Every course so far was made with a production key.
      "ALTER TABLE courses ADD COLUMN environment TEXT NOT NULL DEFAULT 'prod'",
      'DROP INDEX courses_owner_seq',
      'DROP INDEX courses_owner_status_seq',
      'CREATE INDEX courses_owner_env_seq ON courses (owner_id, environment, seq)',
      'CREATE INDEX courses_owner_env_status_seq ON courses (owner_id, environment, status, seq)',
      'CREATE INDEX api_keys_owner_env_seq ON api_keys (owner_id, environment, seq)',
    ],
  },
  {
    version: 3,
    name: 'no index of courses by status',
    statements: [
      // Pages by status come from the read model; the index served no query, and every insert
      // and status change paid to keep it. `courses_owner_env_seq` stays for deleting an
      // owner's courses in one environment.
      'DROP INDEX courses_owner_env_status_seq',
    ],
  },
  {
    version: 4,
    name: 'settings (the fingerprint of the key hashing secret)',
    statements: ['CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)'],
  },
  {
    version: 5,
    name: 'rolled api keys, the history and the usage of every key',
    statements: [
      'ALTER TABLE api_keys ADD COLUMN rolled_from TEXT',
      'ALTER TABLE api_keys ADD COLUMN rolled_to TEXT',
      // Append-only: rows are inserted, never changed. `seq` is bound by the store (journal replay).
      `CREATE TABLE api_key_events (
        seq INTEGER PRIMARY KEY,
        key_id TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        actor_type TEXT NOT NULL,
        actor_subject TEXT,
        request_id TEXT,
        related_key_id TEXT
      )`,
      'CREATE INDEX api_key_events_key_seq ON api_key_events (key_id, seq)',
      // Requests per key and hour, by outcome: rows only grow (counts are added, never set).
      `CREATE TABLE api_key_usage (
        key_id TEXT NOT NULL,
        hour TEXT NOT NULL,
        success INTEGER NOT NULL,
        forbidden INTEGER NOT NULL,
        rate_limited INTEGER NOT NULL,
        client_error INTEGER NOT NULL,
        server_error INTEGER NOT NULL,
        PRIMARY KEY (key_id, hour)
      )`,
      'CREATE TABLE api_key_clients (key_id TEXT PRIMARY KEY, at TEXT NOT NULL, address TEXT NOT NULL, user_agent TEXT)',
    ],
  },
  {
    version: 6,
    name: 'events, webhook endpoints and deliveries',
    statements: [
      // Rows are written whole (INSERT OR REPLACE) from the read model's records; `seq` is bound
      // by the store, one counter for the three tables (meta 'events.seq' keeps it past deletes).
      `CREATE TABLE account_events (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
        owner_id TEXT NOT NULL, environment TEXT NOT NULL, type TEXT NOT NULL,
        created_at TEXT NOT NULL, payload TEXT NOT NULL)`,
      `CREATE TABLE webhook_endpoints (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
        owner_id TEXT NOT NULL, environment TEXT NOT NULL, url TEXT NOT NULL, description TEXT NOT NULL,
        event_types TEXT NOT NULL, enabled INTEGER NOT NULL, disabled_reason TEXT,
        secret TEXT NOT NULL, previous_secret TEXT, previous_secret_expires_at TEXT,
        last_success_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
      `CREATE TABLE webhook_deliveries (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
        endpoint_id TEXT NOT NULL, owner_id TEXT NOT NULL, event_id TEXT NOT NULL,
        event_type TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
        created_at TEXT NOT NULL, last_attempt_at TEXT, response_status INTEGER,
        duration_ms INTEGER, error TEXT, next_attempt_at TEXT, lease_until TEXT)`,
      'CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id)',
    ],
  },
];

/**
 * Brings `db` up to the last version of `migrations`, a step per transaction; returns how many ran.
 * Refuses a database written by newer code rather than guessing at its schema.
 */
export function applyMigrations(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = Number(db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`database schema version ${current} is newer than this code's ${latest}`);
  }
  const pending = migrations.filter((migration) => migration.version > current);
  for (const migration of pending) {
    db.exec('BEGIN');
    try {
      for (const sql of migration.statements) db.exec(sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`migration ${migration.version} (${migration.name}) failed`, { cause: error });
    }
  }
  return pending.length;
}
