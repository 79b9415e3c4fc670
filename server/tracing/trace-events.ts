import { NO_OBSERVER, type Observer } from '@course-service/runtime';
import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { NO_STORE_PROBE, type StoreProbe } from '../store/store-probe.ts';

/** The core's authentications as child spans of the request's (`authenticate`), with their outcome. */
export function authenticationSpans(tracer: Tracer): Observer {
  return {
    ...NO_OBSERVER,
    authenticating(credential) {
      const span = tracer.startSpan('authenticate', {
        attributes: { 'course_service.credential': credential },
      });
      return (outcome) => {
        span.setAttribute('course_service.auth.outcome', outcome);
        if (outcome === 'internal_error' || outcome === 'service_unavailable')
          span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    },
  };
}

/** The sql.js journal's fsync'd group writes and its checkpoints as spans. */
export function journalSpans(tracer: Tracer): StoreProbe {
  const timed = (name: string) => () => {
    const span = tracer.startSpan(name);
    return () => span.end();
  };
  return { ...NO_STORE_PROBE, journalFlush: timed('journal fsync'), checkpoint: timed('store checkpoint') };
}
