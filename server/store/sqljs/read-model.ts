import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import type { CourseSource } from '@course-service/runtime/embedded-store';
import { emptyModel, noEventChanges, type StoreModel } from '@course-service/runtime/embedded-store';
import type { Row, SqlDatabase } from './database.ts';
import * as S from './statements.ts';

/**
 * Builds the read model over `sql`: API keys, stored responses, events, endpoints and deliveries in
 * full, one scan per table in `seq` order; courses on demand, an owner at a time (see
 * `CourseIndex`); key histories, usage and settings not at all (the store reads them from SQL).
 */
export function loadReadModel(sql: SqlDatabase): StoreModel {
  const model = emptyModel({ source: courseSource(sql) });
  // Row by row: no array of every row is ever held, and in `seq` order every insert is a push.
  sql.each(S.SQL.allApiKeys, [], (row) => {
    const key = S.apiKeyFromRow(row);
    Object.freeze(key.scopes);
    model.apiKeys.put(Object.freeze(key));
  });
  sql.each(S.SQL.allIdempotent, [], (row) => {
    type IdempotencyRow = [string, string, string, number, string, string];
    const [scope, key, requestHash, status, body, createdAt] = row as IdempotencyRow;
    model.idempotency.restore({ scope, key, requestHash, status, createdAt }, body);
  });
  // Events, endpoints and deliveries in full, in `seq` order (30 days of events: the feed's retention).
  const loaded = noEventChanges();
  const load = <T extends object>(query: string, read: (row: Row) => T, into: T[]) =>
    sql.each(query, [], (row) => into.push(Object.freeze(read(row))));
  load(S.SQL.allAccountEvents, S.accountEventFromRow, loaded.events);
  load(S.SQL.allWebhookEndpoints, S.endpointFromRow, loaded.endpoints);
  // Free of any lease (older versions wrote them): nothing is in flight after a start.
  const unleased = (row: Row) => ({ ...S.deliveryFromRow(row), leaseUntil: null });
  load(S.SQL.allWebhookDeliveries, unleased, loaded.deliveries);
  model.events.apply(loaded);
  // Each counter from its table, and from `meta` where deletes may have lowered the table's maximum.
  const max = (query: string) => sql.one(query, [], (row) => Number(row[0] ?? 0)) ?? 0;
  model.events.seq = Math.max(sql.meta(S.META.eventSeq), max(S.SQL.maxAccountEventSeq));
  model.courseSeq.last = Math.max(sql.meta(S.META.courseSeq), max('SELECT max(seq) FROM courses'));
  model.apiKeySeq.last = Math.max(sql.meta(S.META.apiKeySeq), max('SELECT max(seq) FROM api_keys'));
  model.historySeq.last = max(S.SQL.maxEventSeq);
  return model;
}

/** Where the course index finds an owner's courses on the owner's first read, and a course's row. */
function courseSource(sql: SqlDatabase): CourseSource {
  // One string per status rather than one per course: less to keep.
  const statuses = new Map<string, CourseStatus>();
  return {
    eachOf(owner, visit) {
      const { ownerId, environment } = owner;
      sql.each(S.SQL.courseKeysOf, [ownerId, environment], (row) => {
        const text = row[1] as CourseStatus;
        let status = statuses.get(text);
        if (status === undefined) {
          status = text;
          statuses.set(text, status);
        }
        visit(Object.freeze({ id: row[0] as string, ownerId, environment, status, seq: row[2] as number }));
      });
    },
    read(course) {
      return sql.one(S.SQL.getCourse, [course.id, course.ownerId, course.environment], (row) =>
        Object.freeze(S.courseFromRow(row)),
      );
    },
  };
}
