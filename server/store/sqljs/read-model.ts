import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import {
  ApiKeyIndex,
  CourseIndex,
  type CourseSource,
  EventModel,
  IdempotencyIndex,
  noEventChanges,
} from '@course-service/runtime/embedded-store';
import type { Row, SqlDatabase } from './database.ts';
import * as S from './statements.ts';

/**
 * Everything the store reads, in the memory store's indexes kept in step with sql.js: the store
 * applies each write to sql.js first and, only once that committed, to this model, so the two
 * never disagree. Records handed out are frozen and shared: read-only by contract and by `Object.freeze`.
 */
export interface ReadModel {
  courses: CourseIndex;
  apiKeys: ApiKeyIndex;
  idempotency: IdempotencyIndex;
  events: EventModel;
}

/**
 * Builds the read model over `sql`: API keys and stored responses in full, one scan per table in
 * `seq` order; courses on demand, an owner at a time (see {@link CourseIndex}).
 */
export function loadReadModel(sql: SqlDatabase): ReadModel {
  // One string per status rather than one per course: less to keep.
  const statuses = new Map<string, CourseStatus>();
  const courses: CourseSource = {
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
  const model: ReadModel = {
    courses: new CourseIndex(courses),
    apiKeys: new ApiKeyIndex(),
    idempotency: new IdempotencyIndex(),
    events: new EventModel(),
  };
  // Row by row: no array of every row is ever held, and in `seq` order every insert is a push.
  sql.each(S.SQL.allApiKeys, [], (row) => {
    const key = S.apiKeyFromRow(row);
    Object.freeze(key.scopes);
    model.apiKeys.add(Object.freeze(key));
  });
  sql.each(S.SQL.allIdempotent, [], (row) => {
    const [scope, key, requestHash, status, body, createdAt] = row as [
      string,
      string,
      string,
      number,
      string,
      string,
    ];
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
  model.events.seq = Math.max(
    sql.meta(S.META.eventSeq),
    sql.one(S.SQL.maxAccountEventSeq, [], (row) => Number(row[0] ?? 0)) ?? 0,
  );
  return model;
}
