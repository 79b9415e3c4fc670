import type { ApiKeyRecord, Store } from '@course-service/runtime';
import type { NewApiKeyEvent } from '@course-service/runtime/embedded-store';
import { changedCourse, expiryEvent, keyEvent } from '@course-service/runtime/embedded-store';
import type { PoolClient } from 'pg';
import { SECRET_FINGERPRINT } from '../columns.ts';
import { batchedStatements, run } from './batched-statements.ts';
import * as E from './event-statements.ts';
import { perTickBatch } from './per-tick-batch.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { NO_CURSOR } from './postgres-session.ts';
import * as S from './statements.ts';

/**
 * The store in PostgreSQL (the course and key half of the port; the events half is
 * {@link PostgresEventStore}, the connection's plumbing PostgresSession), shared by any number of
 * instances: nothing is cached between requests (a revocation or an insert on one instance is seen
 * by the next query on any other), every multi-row write is one transaction, and every race that
 * matters is settled by a constraint or a conditional write in the database, never in this process.
 *
 * The hot calls (key lookup, get, list, insert without an Idempotency-Key) made in one turn of the
 * event loop go to PostgreSQL as one statement ({@link perTickBatch}): fewer round trips, the
 * same answers, since a batch only gathers calls made before its statement is sent.
 */
export class PostgresStore extends PostgresEventStore implements Store {
  readonly #batched = batchedStatements(this.pool, this.probe);
  readonly #keysByHash = perTickBatch(this.#batched.findApiKeysByHash);
  readonly #courses = perTickBatch(this.#batched.getCourses);
  readonly #lists = perTickBatch(this.#batched.listCourses);
  readonly #listsByStatus = perTickBatch(this.#batched.listCourses);
  readonly #inserts = perTickBatch(this.#batched.insertCourses);

  insertCourse: Store['insertCourse'] = async (course, idempotent, event) => {
    if (!idempotent) return { ...course, seq: await this.load(this.#inserts, { course, event }) };
    const values = S.COURSES.values(course);
    const record = (client: PoolClient, seq: number) =>
      this.recordEvent(client, { event, after: { ...course, seq } });
    const seq = await this.insert('insert-course', S.SQL.insertCourse, values, idempotent, record);
    return { ...course, seq };
  };

  getCourse: Store['getCourse'] = async (owner, id) => this.load(this.#courses, { owner, id });

  listCourses: Store['listCourses'] = async (query) => {
    const call = { ...query, beforeSeq: query.beforeSeq ?? NO_CURSOR };
    return this.load(query.status === undefined ? this.#lists : this.#listsByStatus, call);
  };

  updateCourse: Store['updateCourse'] = async (owner, id, changes, expectedStatus, event) => {
    const { name, text, values } = S.updateCourseSql(owner, id, changes, expectedStatus);
    if (!event) return this.first(name, text, values, S.COURSES.fromRow);
    // Locked first, so whether the update changes anything (and so records an event) is known.
    return this.transaction(async (client) => {
      const locked = await run(client, this.probe, 'lock-course', E.EVENT_SQL.lockCourse, values.slice(0, 3));
      const before = locked.rows[0] && S.COURSES.fromRow(locked.rows[0]);
      if (!before || (expectedStatus !== undefined && before.status !== expectedStatus)) return undefined;
      if (changedCourse(before, changes) === before) return before;
      const { rows } = await run(client, this.probe, name, text, values);
      const after = S.COURSES.fromRow(rows[0] as S.Row);
      await this.recordEvent(client, { event, after });
      return after;
    });
  };

  deleteCourse: Store['deleteCourse'] = async (owner, id, expectedStatus, event) => {
    const values = [...S.ownedRow(owner, id), expectedStatus ?? null];
    if (!event) return (await this.query('delete-course', S.SQL.deleteCourse, values)).rowCount === 1;
    return this.transaction(async (client) => {
      const { rows } = await run(client, this.probe, 'delete-course', S.SQL.deleteCourse, values);
      if (rows[0]) await this.recordEvent(client, { event, after: S.COURSES.fromRow(rows[0]) });
      return rows.length === 1;
    });
  };

  deleteAllCourses: Store['deleteAllCourses'] = async ({ ownerId, environment }) => {
    const result = await this.query('delete-all-courses', S.SQL.deleteAllCourses, [ownerId, environment]);
    return result.rowCount ?? 0;
  };

  insertApiKey: Store['insertApiKey'] = async (key, idempotent, audit, event) => {
    const history = audit && [keyEvent(key, 'created', key.createdAt, audit)];
    const record = (client: PoolClient, seq: number) =>
      this.#recordKey(client, { event, after: { ...key, seq } }, history);
    const values = S.KEYS.values(key);
    const then = audit || event ? record : undefined;
    const seq = await this.insert('insert-api-key', S.SQL.insertApiKey, values, idempotent, then);
    return { ...key, scopes: [...key.scopes], seq };
  };

  findApiKeyByHash: Store['findApiKeyByHash'] = async (hash) => this.load(this.#keysByHash, hash);

  listApiKeys: Store['listApiKeys'] = async ({ ownerId, beforeSeq, limit, environment }) => {
    const values = [ownerId, beforeSeq ?? NO_CURSOR, limit];
    if (environment === undefined)
      return this.read('list-api-keys', S.SQL.listApiKeys, values, S.KEYS.fromRow);
    const text = S.SQL.listApiKeysByEnvironment;
    return this.read('list-api-keys-env', text, [...values, environment], S.KEYS.fromRow);
  };

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  revokeApiKey: Store['revokeApiKey'] = async (ownerId, id, revokedAt, audit, event) => {
    const values = [id, ownerId, revokedAt];
    if (!audit && !event) return this.first('revoke-api-key', S.SQL.revokeApiKey, values, S.KEYS.fromRow);
    // Only the call that revokes the key records it: a second revocation finds it revoked already.
    const revoked = await this.transaction(async (client) => {
      const { rows } = await run(client, this.probe, 'revoke-api-key-once', S.SQL.revokeApiKeyOnce, values);
      const key = rows[0] && S.KEYS.fromRow(rows[0]);
      const history = audit && key && [keyEvent(key, 'revoked', revokedAt, audit)];
      if (key) await this.#recordKey(client, { event, after: key }, history);
      return key;
    });
    return revoked ?? this.getApiKey(ownerId, id);
  };

  getApiKey: Store['getApiKey'] = async (ownerId, id) =>
    this.first('get-api-key', S.SQL.getApiKey, [id, ownerId], S.KEYS.fromRow);

  /** The old key's update, the new key's insert and the idempotent response: one transaction. */
  rollApiKey: Store['rollApiKey'] = async (roll, idempotent, audit, event) => {
    const { ownerId, id, expiresAt, now, replacement } = roll;
    return this.transaction(async (client) => {
      const values = [id, ownerId, expiresAt, replacement.id, now];
      const { rows } = await run(client, this.probe, 'roll-api-key', S.SQL.rollApiKey, values);
      if (!rows[0]) return undefined;
      const params = S.KEYS.values(replacement);
      const seq = await this.insertIn(client, 'insert-api-key', S.SQL.insertApiKey, params, idempotent);
      const inserted = { ...replacement, scopes: [...replacement.scopes], seq };
      const history = audit && [
        keyEvent({ id, ownerId }, 'rolled_to', now, audit, replacement.id),
        keyEvent(replacement, 'rolled_from', now, audit, id),
      ];
      await this.#recordKey(client, { event, after: inserted }, history);
      return { old: S.KEYS.fromRow(rows[0]), replacement: inserted };
    });
  };

  appendApiKeyEvent: Store['appendApiKeyEvent'] = async (event) => {
    await this.query('insert-events', S.SQL.insertEvents, S.KEY_EVENTS.arrays([event]));
  };

  recordApiKeyExpiry: Store['recordApiKeyExpiry'] = async (key) => {
    if (key.expiresAt !== null) await this.appendApiKeyEvent(expiryEvent(key));
  };

  listApiKeyEvents: Store['listApiKeyEvents'] = async ({ keyId, ownerId, beforeSeq, limit }) => {
    const values = [keyId, ownerId, beforeSeq ?? NO_CURSOR, limit];
    return this.read('list-events', S.SQL.listEvents, values, S.KEY_EVENTS.fromRow);
  };

  recordApiKeyUse: Store['recordApiKeyUse'] = async (uses) => {
    if (uses.length === 0) return;
    const ids = uses.map((use) => use.id);
    await this.query('touch-api-keys', S.SQL.touchApiKeys, [ids, uses.map((use) => use.lastUsedAt)]);
  };

  recordApiKeyUsage: Store['recordApiKeyUsage'] = async (counts, clients) => {
    if (counts.length > 0) await this.query('add-usage', S.SQL.addUsage, S.USAGE.arrays(counts));
    if (clients.length > 0) await this.query('keep-clients', S.SQL.keepClients, S.CLIENTS.arrays(clients));
  };

  listApiKeyUsage: Store['listApiKeyUsage'] = async ({ keyId, from, to }) =>
    this.read('list-usage', S.SQL.listUsage, [keyId, from, to], S.USAGE.fromRow);

  getApiKeyClient: Store['getApiKeyClient'] = async (keyId) =>
    this.first('get-client', S.SQL.getClient, [keyId], S.CLIENTS.fromRow);

  claimIdempotencyKey: Store['claimIdempotencyKey'] = async (claim) => {
    const { scope, key, requestHash, now, leaseUntil, expiredBefore } = claim;
    const values = [scope, key, requestHash, now, leaseUntil, expiredBefore];
    const taken = await this.query('claim-idempotent', S.SQL.claimIdempotent, values);
    if (taken.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.query('get-idempotent-any', S.SQL.getIdempotentAny, [scope, key]);
    const row = rows[0];
    // Gone between the two statements (its holder released it): as busy, the client retries.
    if (!row || row.status === 0) return { kind: 'busy' };
    return { kind: 'stored', response: S.IDEMPOTENCY.fromRow(row) };
  };

  releaseIdempotencyKey: Store['releaseIdempotencyKey'] = async (scope, key) => {
    await this.query('release-idempotent', S.SQL.releaseIdempotent, [scope, key]);
  };

  purgeIdempotentResponses: Store['purgeIdempotentResponses'] = async (createdBefore) => {
    await this.query('purge-idempotent', S.SQL.purgeIdempotent, [createdBefore]);
  };

  checkSecretFingerprint: Store['checkSecretFingerprint'] = async (fingerprint) => {
    const values = [SECRET_FINGERPRINT, fingerprint];
    if ((await this.query('insert-setting', S.SQL.insertSetting, values)).rowCount === 1) return 'recorded';
    // The insert waited for a concurrent first writer to commit, so its value is there to read now.
    const { rows } = await this.query('get-setting', S.SQL.getSetting, [SECRET_FINGERPRINT]);
    return rows[0]?.value === fingerprint ? 'matches' : 'differs';
  };

  /** Within `client`'s transaction: the key's `history` entries, if any, then the drafted event. */
  async #recordKey(client: PoolClient, drafted: E.Drafted<ApiKeyRecord>, history?: NewApiKeyEvent[]) {
    const entries = history && S.KEY_EVENTS.arrays(history);
    if (entries) await run(client, this.probe, 'insert-events', S.SQL.insertEvents, entries);
    await this.recordEvent(client, drafted);
  }
}
