import type { Observer } from '@course-service/runtime';
import { Counter, type Registry } from 'prom-client';

/**
 * The core's events as Prometheus counters: authentications by credential and outcome, rate-limit
 * refusals by policy, idempotent replays by operation, course transitions, keys created and revoked.
 *
 * @example const observer = serviceCounters(registry); await createCore({ ...ports, observer });
 */
export function serviceCounters(registry: Registry): Observer {
  const counter = <L extends string>(
    name: string,
    help: string,
    labelNames: L[] = [],
    collect?: (this: Counter<L>) => void,
  ) =>
    new Counter<L>({
      name: `course_service_${name}_total`,
      help,
      labelNames,
      registers: [registry],
      ...(collect && { collect }),
    });
  // Every request but an anonymous one authenticates: counted here, by credential then outcome, and
  // added up when scraped, where a labelled counter would hash its labels on every request.
  const outcomes = new Map<string, Map<string, number>>();
  counter(
    'authentications',
    "Authentications, by credential kind and outcome ('success' or the problem code that refused it).",
    ['credential', 'outcome'],
    function collect() {
      this.reset();
      for (const [credential, counts] of outcomes)
        for (const [outcome, count] of counts) this.inc({ credential, outcome }, count);
    },
  );
  const authenticated = (credential: string, outcome: string): void => {
    let counts = outcomes.get(credential);
    if (!counts) {
      counts = new Map();
      outcomes.set(credential, counts);
    }
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  };
  const refusals = counter(
    'rate_limit_refusals',
    'Requests refused with 429 because a quota was spent, by rate-limit policy.',
    ['policy'],
  );
  const replays = counter(
    'idempotent_replays',
    'Stored responses replayed for a repeated Idempotency-Key, by operation.',
    ['operation_id'],
  );
  const transitions = counter(
    'course_transitions',
    'Courses that went through a lifecycle transition, by transition.',
    ['transition'],
  );
  const keysCreated = counter(
    'api_keys_created',
    'API keys created, by environment (replays of a creation not counted).',
    ['environment'],
  );
  const keysRevoked = counter(
    'api_keys_revoked',
    'API keys revoked (a second revocation of a key not counted).',
  );
  return {
    authenticating: (credential) => (outcome) => authenticated(credential, outcome),
    rateLimited: (policy) => refusals.inc({ policy }),
    replayed: (operationId) => replays.inc({ operation_id: operationId }),
    courseTransitioned: (transition) => transitions.inc({ transition }),
    apiKeyCreated: (environment) => keysCreated.inc({ environment }),
    apiKeyRevoked: () => keysRevoked.inc(),
  };
}
