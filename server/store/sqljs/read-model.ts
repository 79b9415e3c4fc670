import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import type { CourseSource } from '@course-service/runtime/embedded-store';
import { emptyModel, noEventChanges, type StoreModel } from '@course-service/runtime/embedded-store';
import type { Row, SqlDatabase } from './database.ts';
import { META, ROWS, SQL } from './statements.ts';

/**
 * Builds the read model over `sql`: API keys, stored responses, events, endpoints and deliveries in
 * full, one scan per table in `seq` order; courses on demand, an owner at a time (see
 * `CourseIndex`); key histories, usage and settings not at all (the store reads them from SQL).
 */
export function loadReadModel(sql: SqlDatabase): StoreModel {
  const model = emptyModel({ source: courseSource(sql) });
  // Row by row: no array of every row is ever held, and in `seq` order every insert is a push.
  sql.each(SQL.allApiKeys, [], (row) => model.apiKeys.put(Object.freeze(ROWS.apiKey.fromRow(row))));
  sql.each(SQL.allIdempotent, [], (row) => {
    type IdempotencyRow = [string, string, string, number, string, string];
    const [scope, key, requestHash, status, body, createdAt] = row as IdempotencyRow;
    model.idempotency.restore({ scope, key, requestHash, status, createdAt }, body);
  });
  // Events, endpoints and deliveries in full, in `seq` order (30 days of events: the feed's retention).
  const loaded = noEventChanges();
  const load = <T extends object>(query: string, read: (row: Row) => T, into: T[]) =>
    sql.each(query, [], (row) => into.push(Object.freeze(read(row))));
  load(SQL.allAccountEvents, ROWS.accountEvent.fromRow, loaded.events);
  load(SQL.allWebhookEndpoints, ROWS.endpoint.fromRow, loaded.endpoints);
  // Free of any lease (older versions wrote them): nothing is in flight after a start.
  const unleased = (row: Row) => ({ ...ROWS.delivery.fromRow(row), leaseUntil: null });
  load(SQL.allWebhookDeliveries, unleased, loaded.deliveries);
  model.events.apply(loaded);
  // Each counter from its table, and from `meta` where deletes may have lowered the table's maximum.
  const max = (query: string) => sql.one(query, [], (row) => Number(row[0] ?? 0)) ?? 0;
  model.events.seq = Math.max(sql.meta(META.eventSeq), max(SQL.maxAccountEventSeq));
  model.courseSeq.last = Math.max(sql.meta(META.courseSeq), max('SELECT max(seq) FROM courses'));
  model.apiKeySeq.last = Math.max(sql.meta(META.apiKeySeq), max('SELECT max(seq) FROM api_keys'));
  model.historySeq.last = max(SQL.maxEventSeq);
  return model;
}

/** Where the course index finds an owner's courses on the owner's first read, and a course's row. */
function courseSource(sql: SqlDatabase): CourseSource {
  // One string per status rather than one per course: less to keep.
  const statuses = new Map<string, CourseStatus>();
  return {
    eachOf({ ownerId, environment }, visit) {
      sql.each(SQL.courseKeysOf, [ownerId, environment], (row) => {
        const text = row[1] as CourseStatus;
        if (!statuses.has(text)) statuses.set(text, text);
        const status = statuses.get(text) ?? text;
        visit(Object.freeze({ id: row[0] as string, ownerId, environment, status, seq: row[2] as number }));
      });
    },
    read: ({ id, ownerId, environment }) =>
      sql.one(SQL.getCourse, [id, ownerId, environment], (row) => Object.freeze(ROWS.course.fromRow(row))),
  };
}
