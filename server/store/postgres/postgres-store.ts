// Over 300 lines on purpose: the course and key half of the Store port, method for method; the
// events half is PostgresEventStore, the connection's plumbing PostgresSession.

import type {
  ApiKeyClientRecord,
  ApiKeyEventRecord,
  ApiKeyRecord,
  ApiKeyRoll,
  ApiKeyUsageRecord,
  Audit,
  CourseChanges,
  CourseOwner,
  CourseRecord,
  EventDraft,
  FingerprintCheck,
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotentResponse,
  PageQuery,
  Store,
} from '@course-service/runtime';
import { COURSE_CHANGE_FIELDS } from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import { expiryEvent, keyEvent, type NewApiKeyEvent } from '@course-service/runtime/embedded-store';
import type DataLoader from 'dataloader';
import type { Pool, PoolClient } from 'pg';
import type { StoreLogger } from '../store-logger.ts';
import type { StoreProbe } from '../store-probe.ts';
import { batchedStatements, type ListCall, type NewCourse, run } from './batched-statements.ts';
import * as E from './event-statements.ts';
import { perTickBatch } from './per-tick-batch.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { NO_CURSOR } from './postgres-session.ts';
import * as S from './statements.ts';

/**
 * The store in PostgreSQL, shared by any number of instances: nothing is cached between requests
 * (a revocation or an insert on one instance is seen by the next query on any other), every
 * multi-row write is one transaction, and every race that matters is settled by a constraint or a
 * conditional write in the database, never in this process.
 *
 * The hot calls (key lookup, get, list, insert without an Idempotency-Key) made in one turn of the
 * event loop go to PostgreSQL as one statement ({@link perTickBatch}): fewer round trips, the
 * same answers, since a batch only gathers calls made before its statement is sent.
 */
export class PostgresStore extends PostgresEventStore implements Store {
  readonly #keysByHash: DataLoader<string, ApiKeyRecord | undefined>;
  readonly #courses: DataLoader<{ owner: CourseOwner; id: string }, CourseRecord | undefined>;
  readonly #lists: DataLoader<ListCall, CourseRecord[]>;
  readonly #listsByStatus: DataLoader<ListCall, CourseRecord[]>;
  readonly #inserts: DataLoader<NewCourse, number>;

  /** Use `openPostgresStore`; this wires a pool whose database is already migrated. */
  constructor(pool: Pool, logger?: StoreLogger, probe?: StoreProbe) {
    super(pool, logger, probe);
    const batched = batchedStatements(pool, this.probe);
    this.#keysByHash = perTickBatch(batched.findApiKeysByHash);
    this.#courses = perTickBatch(batched.getCourses);
    this.#lists = perTickBatch(batched.listCourses);
    this.#listsByStatus = perTickBatch(batched.listCourses);
    this.#inserts = perTickBatch(batched.insertCourses);
  }

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord> {
    if (!idempotent) return { ...course, seq: await this.load(this.#inserts, { course, event }) };
    return this.transaction(async (client) => {
      const values = S.courseParams(course);
      const inserted = {
        ...course,
        seq: await this.insertIn(client, 'insert-course', S.SQL.insertCourse, values, idempotent),
      };
      await this.recordEvent(client, event, inserted);
      return inserted;
    });
  }

  async getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined> {
    return this.load(this.#courses, { owner, id });
  }

  async listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]> {
    const call = { ...query, beforeSeq: query.beforeSeq ?? NO_CURSOR };
    return this.load(query.status === undefined ? this.#lists : this.#listsByStatus, call);
  }

  async updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord | undefined> {
    const { name, text, values } = S.updateCourseSql(owner, id, changes, expectedStatus);
    if (!event) {
      const { rows } = await this.query(name, text, values);
      return rows[0] && S.courseFromRow(rows[0]);
    }
    // Locked first, so whether the update changes anything (and so records an event) is known.
    return this.transaction(async (client) => {
      const locked = await run(client, this.probe, 'lock-course', E.EVENT_SQL.lockCourse, values.slice(0, 3));
      const before = locked.rows[0] && S.courseFromRow(locked.rows[0]);
      if (!before || (expectedStatus !== undefined && before.status !== expectedStatus)) return undefined;
      if (COURSE_CHANGE_FIELDS.every((f) => changes[f] === undefined || changes[f] === before[f]))
        return before;
      const { rows } = await run(client, this.probe, name, text, values);
      const after = S.courseFromRow(rows[0] as Record<string, unknown>);
      await this.recordEvent(client, event, after);
      return after;
    });
  }

  async deleteCourse(
    owner: CourseOwner,
    id: string,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<boolean> {
    const values = [id, owner.ownerId, owner.environment, expectedStatus ?? null];
    if (!event) return (await this.query('delete-course', S.SQL.deleteCourse, values)).rowCount === 1;
    return this.transaction(async (client) => {
      const { rows } = await run(client, this.probe, 'delete-course', S.SQL.deleteCourse, values);
      if (rows[0]) await this.recordEvent(client, event, S.courseFromRow(rows[0]));
      return rows.length === 1;
    });
  }

  async deleteAllCourses(owner: CourseOwner): Promise<number> {
    const result = await this.query('delete-all-courses', S.SQL.deleteAllCourses, [
      owner.ownerId,
      owner.environment,
    ]);
    return result.rowCount ?? 0;
  }

  async insertApiKey(
    key: Omit<ApiKeyRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord> {
    const values = S.apiKeyParams(key);
    const seq =
      audit || event
        ? await this.transaction(async (client) => {
            const inserted = await this.insertIn(
              client,
              'insert-api-key',
              S.SQL.insertApiKey,
              values,
              idempotent,
            );
            if (audit) await this.#appendEvents(client, [keyEvent(key, 'created', key.createdAt, audit)]);
            await this.recordEvent(client, event, { ...key, seq: inserted });
            return inserted;
          })
        : await this.insert('insert-api-key', S.SQL.insertApiKey, values, idempotent);
    return { ...key, scopes: [...key.scopes], seq };
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return this.load(this.#keysByHash, hash);
  }

  async listApiKeys(
    query: PageQuery & { environment?: KeyEnvironment | undefined },
  ): Promise<ApiKeyRecord[]> {
    const values = [query.ownerId, query.beforeSeq ?? NO_CURSOR, query.limit];
    const { rows } =
      query.environment === undefined
        ? await this.query('list-api-keys', S.SQL.listApiKeys, values)
        : await this.query('list-api-keys-env', S.SQL.listApiKeysByEnvironment, [
            ...values,
            query.environment,
          ]);
    return rows.map(S.apiKeyFromRow);
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(
    ownerId: string,
    id: string,
    revokedAt: string,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord | undefined> {
    if (!audit && !event) {
      const { rows } = await this.query('revoke-api-key', S.SQL.revokeApiKey, [id, ownerId, revokedAt]);
      return rows[0] && S.apiKeyFromRow(rows[0]);
    }
    // Only the call that revokes the key records it: a second revocation finds it revoked already.
    const revoked = await this.transaction(async (client) => {
      const values = [id, ownerId, revokedAt];
      const { rows } = await run(client, this.probe, 'revoke-api-key-once', S.SQL.revokeApiKeyOnce, values);
      const key = rows[0] && S.apiKeyFromRow(rows[0]);
      if (key && audit) await this.#appendEvents(client, [keyEvent(key, 'revoked', revokedAt, audit)]);
      if (key) await this.recordEvent(client, event, key);
      return key;
    });
    return revoked ?? this.getApiKey(ownerId, id);
  }

  async getApiKey(ownerId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.query('get-api-key', S.SQL.getApiKey, [id, ownerId]);
    return rows[0] && S.apiKeyFromRow(rows[0]);
  }

  /** The old key's update, the new key's insert and the idempotent response: one transaction. */
  async rollApiKey(
    roll: ApiKeyRoll,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<{ old: ApiKeyRecord; replacement: ApiKeyRecord } | undefined> {
    const { ownerId, id, expiresAt, now, replacement } = roll;
    return this.transaction(async (client) => {
      const updated = await run(client, this.probe, 'roll-api-key', S.SQL.rollApiKey, [
        id,
        ownerId,
        expiresAt,
        replacement.id,
        now,
      ]);
      const row = updated.rows[0];
      if (!row) return undefined;
      const seq = await this.insertIn(
        client,
        'insert-api-key',
        S.SQL.insertApiKey,
        S.apiKeyParams(replacement),
        idempotent,
      );
      if (audit) {
        await this.#appendEvents(client, [
          keyEvent({ id, ownerId }, 'rolled_to', now, audit, replacement.id),
          keyEvent(replacement, 'rolled_from', now, audit, id),
        ]);
      }
      const rolled = {
        old: S.apiKeyFromRow(row),
        replacement: { ...replacement, scopes: [...replacement.scopes], seq },
      };
      await this.recordEvent(client, event, rolled.replacement);
      return rolled;
    });
  }

  async appendApiKeyEvent(event: NewApiKeyEvent): Promise<void> {
    await this.query('insert-events', S.SQL.insertEvents, S.eventsParams([event]));
  }

  async recordApiKeyExpiry(key: Pick<ApiKeyRecord, 'id' | 'ownerId' | 'expiresAt'>): Promise<void> {
    if (key.expiresAt === null) return;
    await this.query('insert-events', S.SQL.insertEvents, S.eventsParams([expiryEvent(key)]));
  }

  async listApiKeyEvents(query: PageQuery & { keyId: string }): Promise<ApiKeyEventRecord[]> {
    const values = [query.keyId, query.ownerId, query.beforeSeq ?? NO_CURSOR, query.limit];
    const { rows } = await this.query('list-events', S.SQL.listEvents, values);
    return rows.map(S.eventFromRow);
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    if (uses.length === 0) return;
    const ids = uses.map((use) => use.id);
    await this.query('touch-api-keys', S.SQL.touchApiKeys, [ids, uses.map((use) => use.lastUsedAt)]);
  }

  async recordApiKeyUsage(
    counts: readonly ApiKeyUsageRecord[],
    clients: readonly ApiKeyClientRecord[],
  ): Promise<void> {
    if (counts.length > 0) await this.query('add-usage', S.SQL.addUsage, S.usageParams(counts));
    if (clients.length === 0) return;
    const columns = [clients.map((c) => c.keyId), clients.map((c) => c.at), clients.map((c) => c.address)];
    await this.query('keep-clients', S.SQL.keepClients, [...columns, clients.map((c) => c.userAgent)]);
  }

  async listApiKeyUsage(query: { keyId: string; from: string; to: string }): Promise<ApiKeyUsageRecord[]> {
    const { rows } = await this.query('list-usage', S.SQL.listUsage, [query.keyId, query.from, query.to]);
    return rows.map(S.usageFromRow);
  }

  async getApiKeyClient(keyId: string): Promise<ApiKeyClientRecord | undefined> {
    const { rows } = await this.query('get-client', S.SQL.getClient, [keyId]);
    return rows[0] && S.clientFromRow(rows[0]);
  }

  async claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    const { scope, key, requestHash, now, leaseUntil, expiredBefore } = claim;
    const values = [scope, key, requestHash, now, leaseUntil, expiredBefore];
    const taken = await this.query('claim-idempotent', S.SQL.claimIdempotent, values);
    if (taken.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.query('get-idempotent-any', S.SQL.getIdempotentAny, [scope, key]);
    const row = rows[0];
    // Gone between the two statements (its holder released it): as busy, the client retries.
    if (!row || row.status === 0) return { kind: 'busy' };
    return { kind: 'stored', response: S.idempotentFromRow(row) };
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    await this.query('release-idempotent', S.SQL.releaseIdempotent, [scope, key]);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    await this.query('purge-idempotent', S.SQL.purgeIdempotent, [createdBefore]);
  }

  async checkSecretFingerprint(fingerprint: string): Promise<FingerprintCheck> {
    const inserted = await this.query('insert-setting', S.SQL.insertSetting, [
      S.SECRET_FINGERPRINT,
      fingerprint,
    ]);
    if (inserted.rowCount === 1) return 'recorded';
    // The insert waited for a concurrent first writer to commit, so its value is there to read now.
    const { rows } = await this.query('get-setting', S.SQL.getSetting, [S.SECRET_FINGERPRINT]);
    return rows[0]?.value === fingerprint ? 'matches' : 'differs';
  }

  /** Appends `events` within `client`'s transaction, in order. */
  async #appendEvents(client: PoolClient, events: NewApiKeyEvent[]): Promise<void> {
    await run(client, this.probe, 'insert-events', S.SQL.insertEvents, S.eventsParams(events));
  }
}
