import type { Observer } from '@course-service/runtime';
import type { StoreProbe } from '../store/store-probe.ts';

/** One observer that tells both `a` and `b` (metrics and traces). */
export function bothObservers(a: Observer, b: Observer): Observer {
  return {
    authenticating(credential) {
      const endA = a.authenticating(credential);
      const endB = b.authenticating(credential);
      return (outcome) => {
        endA(outcome);
        endB(outcome);
      };
    },
    rateLimited(policy) {
      a.rateLimited(policy);
      b.rateLimited(policy);
    },
    replayed(operationId) {
      a.replayed(operationId);
      b.replayed(operationId);
    },
    courseTransitioned(transition) {
      a.courseTransitioned(transition);
      b.courseTransitioned(transition);
    },
    apiKeyCreated(environment) {
      a.apiKeyCreated(environment);
      b.apiKeyCreated(environment);
    },
    apiKeyRevoked() {
      a.apiKeyRevoked();
      b.apiKeyRevoked();
    },
  };
}

/** One store probe that tells both `a` and `b`. */
export function bothStoreProbes(a: StoreProbe, b: StoreProbe): StoreProbe {
  const both = (endA: () => void, endB: () => void) => () => {
    endA();
    endB();
  };
  return {
    journalFlush: () => both(a.journalFlush(), b.journalFlush()),
    checkpoint: () => both(a.checkpoint(), b.checkpoint()),
    query: (statement) => both(a.query(statement), b.query(statement)),
    watchPool(read) {
      a.watchPool(read);
      b.watchPool(read);
    },
  };
}
