import type { Mutation, ProxiedAnswer, ProxiedRequest } from './mutant-proxy.ts';

/** A server that breaks one promise, the tests that must catch it, and the check they must name. */
export interface Mutant {
  name: string;
  /** `--grep` for the run: the checks that catch it (the unbroken server runs them all). */
  grep: string;
  /** What the failing run's output must say: the broken check's name. */
  caughtBy: string;
  /** A fresh mutation (with state of its own) for one proxy. */
  mutation(): Mutation;
}

const COURSE = /^\/api\/v1\/courses\/(crs_[0-9A-Za-z]{16})(?:\?.*)?$/;
const path = (request: ProxiedRequest) => request.url.split('?')[0] ?? '';

/** A well-formed problem answer, so only the promise under test is broken. */
function problem(answer: ProxiedAnswer, request: ProxiedRequest, status: number, code: string): void {
  answer.status = status;
  answer.headers.set('content-type', 'application/problem+json');
  answer.body = JSON.stringify({
    type: `urn:course-service:problem:${code}`,
    title: code,
    status,
    detail: 'Changed by a mutant proxy.',
    instance: path(request),
    code,
    requestId: answer.headers.get('x-request-id'),
  });
}

/**
 * The mutants: each breaks one promise of the spec the contract suite must notice (a wrong status,
 * a schema violation, a missing header, a wrong problem code, a 405 without Allow, a deleted
 * resource still there, a created one missing, an invalid body accepted, and a few more).
 */
export const MUTANTS: Mutant[] = [
  {
    name: 'createCourse answers 200 instead of 201',
    grep: 'positive-data-accepted: createCourse',
    caughtBy: '[declared-status]',
    mutation: () => ({
      answer(answer, request) {
        if (request.method === 'POST' && path(request) === '/api/v1/courses' && answer.status === 201)
          answer.status = 200;
      },
    }),
  },
  {
    name: "getCourse's body breaks the Course schema",
    grep: 'resource-available',
    caughtBy: '[body-schema]',
    mutation: () => ({
      answer(answer, request) {
        if (request.method === 'GET' && COURSE.test(request.url) && answer.status === 200)
          answer.body = JSON.stringify({ ...JSON.parse(answer.body), status: 'deleted' });
      },
    }),
  },
  {
    name: 'getCourse answers without its declared ETag',
    grep: 'resource-available',
    caughtBy: '[declared-headers]',
    mutation: () => ({
      answer(answer, request) {
        if (request.method === 'GET' && COURSE.test(request.url)) answer.headers.delete('etag');
      },
    }),
  },
  {
    name: "a missing course's 404 has the wrong problem code",
    grep: '404 for a missing course id',
    // The spec cannot say which code a 404 carries: the hand-written scenario does.
    caughtBy: 'ownership > 404 for a missing course id on every course operation',
    mutation: () => ({
      answer(answer, request) {
        if (answer.status === 404 && answer.body.includes('"not_found"'))
          problem(answer, request, 404, 'invalid_transition');
      },
    }),
  },
  {
    name: '405 without Allow',
    grep: 'unsupported-method',
    caughtBy: '[unsupported-method]',
    mutation: () => ({ answer: (answer) => void (answer.status === 405 && answer.headers.delete('allow')) }),
  },
  {
    name: 'a deleted course still answers 200',
    grep: 'use-after-free',
    caughtBy: '[use-after-free]',
    mutation() {
      const known = new Map<string, string>();
      const deleted = new Set<string>();
      return {
        answer(answer, request) {
          const id =
            COURSE.exec(request.url)?.[1] ?? (answer.status === 201 ? JSON.parse(answer.body).id : undefined);
          if (!id) return;
          if (answer.status === 201 || (answer.status === 200 && request.method === 'GET'))
            known.set(id, answer.body);
          if (request.method === 'DELETE' && answer.status === 204) deleted.add(id);
          else if (request.method === 'GET' && deleted.has(id) && answer.status === 404) {
            answer.status = 200;
            answer.headers.set('content-type', 'application/json');
            answer.headers.set('etag', '"kept"');
            answer.body = known.get(id) ?? '{}';
          }
        },
      };
    },
  },
  {
    name: 'a created course answers 404',
    grep: 'resource-available',
    caughtBy: '[resource-available]',
    mutation: () => ({
      answer(answer, request) {
        if (request.method === 'GET' && COURSE.test(request.url) && answer.status === 200) {
          answer.headers.delete('etag');
          problem(answer, request, 404, 'not_found');
        }
      },
    }),
  },
  {
    name: 'an invalid course body is accepted with 201',
    grep: 'negative-data-rejected: createCourse',
    caughtBy: '[negative-data-rejected]',
    mutation: () => ({
      request(request) {
        if (request.method !== 'POST' || path(request) !== '/api/v1/courses' || !request.body) return;
        let sent: Record<string, unknown> = {};
        try {
          sent = JSON.parse(request.body.toString()) ?? {};
        } catch {}
        const name = typeof sent.name === 'string' && sent.name.trim() ? sent.name.slice(0, 200) : 'Mended';
        const description = typeof sent.description === 'string' ? sent.description.slice(0, 5000) : '';
        request.body = Buffer.from(JSON.stringify({ name, description }));
        request.headers.set('content-type', 'application/json');
      },
    }),
  },
  {
    name: 'a missing credential is let through',
    grep: 'credential-required',
    caughtBy: '[credential-required]',
    mutation: () => ({
      answer(answer, request) {
        const anonymous = !request.headers.has('authorization') && !request.headers.has('x-api-key');
        if (anonymous && answer.status === 401) problem(answer, request, 404, 'not_found');
      },
    }),
  },
  {
    name: 'the second page repeats the first',
    grep: 'cursor-walk: listCourses',
    caughtBy: '[cursor-walk]',
    mutation() {
      const seen = new Set<string>();
      return {
        request(request) {
          const url = new URL(request.url, 'http://proxy');
          const cursor = url.searchParams.get('cursor');
          if (url.pathname !== '/api/v1/courses' || !cursor || seen.has(cursor)) return;
          seen.add(cursor);
          url.searchParams.delete('cursor');
          request.url = `${url.pathname}${url.search}`;
        },
      };
    },
  },
  {
    name: 'a valid course update is refused with 400',
    grep: 'positive-data-accepted: updateCourse',
    caughtBy: '[positive-data-accepted]',
    mutation: () => ({
      answer(answer, request) {
        if (request.method === 'PATCH' && request.body?.toString().includes('"description"'))
          problem(answer, request, 400, 'validation_failed');
      },
    }),
  },
];
