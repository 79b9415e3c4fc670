import type { Pool } from 'pg';
import { inTransaction } from './batched-statements.ts';

/** One schema step; `version` is recorded in `schema_migrations` once it has run. */
interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Every schema change, oldest first. Append only: a released step is never edited. Times are ISO
 * text, as the sql.js store keeps them, so both backends compare and return them identically.
 */
const MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'courses, api keys, idempotent responses',
    sql: `
      CREATE TABLE courses (
        id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        published_at TEXT,
        archived_at TEXT,
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
      );
      CREATE INDEX courses_owner_seq ON courses (owner_id, seq);
      CREATE INDEX courses_owner_status_seq ON courses (owner_id, status, seq);
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        start TEXT NOT NULL,
        environment TEXT NOT NULL,
        scopes TEXT[] NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        expires_at TEXT,
        revoked_at TEXT,
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
      );
      CREATE INDEX api_keys_owner_seq ON api_keys (owner_id, seq);
      -- status 0 is a claim held by a running request until lease_until; the body is JSON text
      -- (not jsonb), so a replay returns the bytes first sent.
      CREATE TABLE idempotency (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        lease_until TEXT,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotency_created_at ON idempotency (created_at);
    `,
  },
  {
    version: 2,
    name: 'course environments (test keys see only test courses)',
    sql: `
      ALTER TABLE courses ADD COLUMN environment TEXT NOT NULL DEFAULT 'prod';
      DROP INDEX courses_owner_seq;
      DROP INDEX courses_owner_status_seq;
      CREATE INDEX courses_owner_env_seq ON courses (owner_id, environment, seq);
      CREATE INDEX courses_owner_env_status_seq ON courses (owner_id, environment, status, seq);
      CREATE INDEX api_keys_owner_env_seq ON api_keys (owner_id, environment, seq);
    `,
  },
  {
    version: 3,
    name: 'settings (the fingerprint of the key hashing secret)',
    sql: 'CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  },
  {
    version: 4,
    name: 'rolled api keys, the history and the usage of every key',
    sql: `
      ALTER TABLE api_keys ADD COLUMN rolled_from TEXT, ADD COLUMN rolled_to TEXT;
      -- Append-only: rows are inserted, never changed. One expiry per key, whichever instance
      -- records it first.
      CREATE TABLE api_key_events (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key_id TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        actor_type TEXT NOT NULL,
        actor_subject TEXT,
        request_id TEXT,
        related_key_id TEXT
      );
      CREATE INDEX api_key_events_key_seq ON api_key_events (key_id, seq);
      CREATE UNIQUE INDEX api_key_events_one_expiry ON api_key_events (key_id) WHERE type = 'expired';
      -- Requests per key and hour, by outcome: instances add to a row, never set it.
      CREATE TABLE api_key_usage (
        key_id TEXT NOT NULL,
        hour TEXT NOT NULL,
        success BIGINT NOT NULL,
        forbidden BIGINT NOT NULL,
        rate_limited BIGINT NOT NULL,
        client_error BIGINT NOT NULL,
        server_error BIGINT NOT NULL,
        PRIMARY KEY (key_id, hour)
      );
      CREATE TABLE api_key_clients (key_id TEXT PRIMARY KEY, at TEXT NOT NULL, address TEXT NOT NULL, user_agent TEXT);
    `,
  },
  {
    version: 5,
    name: 'events, webhook endpoints and their deliveries',
    sql: `
      -- payload is the JSON text served and posted byte for byte.
      CREATE TABLE account_events (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE, owner_id TEXT NOT NULL, environment TEXT NOT NULL, type TEXT NOT NULL,
        created_at TEXT NOT NULL, payload TEXT NOT NULL);
      CREATE INDEX account_events_feed ON account_events (owner_id, environment, seq);
      CREATE INDEX account_events_created_at ON account_events (created_at);
      CREATE TABLE webhook_endpoints (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL,
        environment TEXT NOT NULL, url TEXT NOT NULL, description TEXT NOT NULL,
        event_types TEXT[] NOT NULL, enabled BOOLEAN NOT NULL, disabled_reason TEXT,
        secret TEXT NOT NULL, previous_secret TEXT, previous_secret_expires_at TEXT,
        last_success_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE);
      CREATE INDEX webhook_endpoints_owner_env_seq ON webhook_endpoints (owner_id, environment, seq);
      -- The ids the fan-out gives the deliveries it inserts: dlv_ and 16 base62 characters, as
      -- newWebhookDeliveryId makes them (random() is seeded per session from a strong source).
      CREATE FUNCTION new_webhook_delivery_id() RETURNS TEXT VOLATILE LANGUAGE sql AS $$
        SELECT 'dlv_' || string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
          1 + floor(random() * 62)::int, 1), '') FROM generate_series(1, 16) $$;
      -- No key on event_id: a purge may forget an event before a delivery still pending.
      CREATE TABLE webhook_deliveries (id TEXT PRIMARY KEY DEFAULT new_webhook_delivery_id(),
        endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        owner_id TEXT NOT NULL, event_id TEXT NOT NULL, event_type TEXT NOT NULL, status TEXT NOT NULL,
        attempts INTEGER NOT NULL, created_at TEXT NOT NULL, last_attempt_at TEXT,
        response_status INTEGER, duration_ms INTEGER, error TEXT, next_attempt_at TEXT, lease_until TEXT,
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE);
      CREATE INDEX webhook_deliveries_endpoint_seq ON webhook_deliveries (endpoint_id, seq);
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
      CREATE INDEX webhook_deliveries_created_at ON webhook_deliveries (created_at);
    `,
  },
];

// Any constant both instances agree on; it names this service's migration lock among others.
const MIGRATION_LOCK = 0x636f7572;

/**
 * Brings the database up to date; returns how many steps ran. All steps run in one transaction
 * under a transaction-scoped advisory lock, so instances starting together migrate once: the
 * others wait on the lock, then find nothing left to do. Refuses a schema newer than this code.
 */
export function migrate(pool: Pool): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query('SELECT max(version) AS v FROM schema_migrations');
    const current: number = rows[0]?.v ?? 0;
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest)
      throw new Error(`database schema version ${current} is newer than this code's ${latest}`);
    const steps = MIGRATIONS.filter((step) => step.version > current);
    for (const { version, name, sql } of steps) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, name]);
    }
    return steps.length;
  });
}
