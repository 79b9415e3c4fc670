// A new operation with a link, and nothing else: no hand-written suite. The generic and stateful
// checks must pick it up from the spec alone, pass against a server that keeps its promises, and
// catch it when it breaks one.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { type RunningServer, startServer } from '../server/index.ts';
import {
  type Mutation,
  type ProxiedAnswer,
  startMutantProxy,
} from '../test-support/contract-command/mutant-proxy.ts';
import { createContract } from './contract.ts';
import { coverage } from './coverage.ts';
import { genericCases } from './generic/generic-suite.ts';
import { loadContractSpec, SPEC_FILE } from './spec.ts';
import { remoteTarget } from './targets/remote-target.ts';

const SUMMARY = /^\/api\/v1\/courses\/([^/?]+)\/summary(?:\?.*)?$/;
const ref = (to: string) => ({ $ref: to });

/** The spec, plus `GET /api/v1/courses/{courseId}/summary` and a link to it from createCourse. */
async function extraSpec(dir: string): Promise<URL> {
  const document = parse(await readFile(SPEC_FILE, 'utf8'));
  document.paths['/api/v1/courses/{courseId}/summary'] = {
    parameters: [ref('#/components/parameters/CourseId')],
    get: {
      operationId: 'getCourseSummary',
      summary: "A course's name and status",
      security: document.paths['/api/v1/courses/{courseId}'].get.security,
      responses: {
        '200': {
          description: 'The summary.',
          headers: { 'X-Request-Id': ref('#/components/headers/X-Request-Id') },
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['id', 'name', 'status'],
                properties: {
                  id: ref('#/components/schemas/CourseId'),
                  name: ref('#/components/schemas/CourseName'),
                  status: ref('#/components/schemas/CourseStatus'),
                },
              },
            },
          },
        },
        '400': ref('#/components/responses/BadRequest'),
        '401': ref('#/components/responses/Unauthorized'),
        '404': ref('#/components/responses/NotFound'),
      },
    },
  };
  const created = document.paths['/api/v1/courses'].post.responses['201'];
  created.links.GetCourseSummary = {
    operationId: 'getCourseSummary',
    parameters: { courseId: '$response.body#/id' },
  };
  const file = join(dir, 'openapi-extra.json');
  await writeFile(file, JSON.stringify(document));
  return pathToFileURL(file);
}

/**
 * The tiny server of the new operation, in front of the reference server: it reads the course
 * there with the caller's credential and answers its summary; other methods get 405 with Allow.
 * `keepDeleted` breaks one promise: a deleted course's summary is still served.
 */
function summaryServer(upstream: string, keepDeleted = false): Mutation {
  const known = new Map<string, string>();
  const remember = (body: string) => {
    const { id, name, status } = JSON.parse(body);
    known.set(id, JSON.stringify({ id, name, status }));
    return known.get(id) as string;
  };
  return {
    answer(answer, request) {
      if (request.method === 'POST' && request.url === '/api/v1/courses' && answer.status === 201)
        remember(answer.body);
    },
    async intercept(request) {
      const id = SUMMARY.exec(request.url)?.[1];
      if (id === undefined) return undefined;
      if (request.method !== 'GET') {
        const headers = new Headers({
          'content-type': 'application/problem+json',
          'x-request-id': 'summary-405',
          allow: 'GET',
        });
        const body = {
          type: 'urn:course-service:problem:method_not_allowed',
          title: 'Method not allowed',
          status: 405,
          detail: 'Use GET.',
          instance: request.url,
          code: 'method_not_allowed',
          requestId: 'summary-405',
        };
        return { status: 405, headers, body: JSON.stringify(body) };
      }
      const reply = await fetch(`${upstream}/api/v1/courses/${id}`, { headers: request.headers });
      const answer: ProxiedAnswer = {
        status: reply.status,
        headers: new Headers(reply.headers),
        body: await reply.text(),
      };
      if (reply.status === 404 && keepDeleted && known.has(id)) {
        answer.status = 200;
        answer.headers.set('content-type', 'application/json');
        answer.body = known.get(id) as string;
      } else if (reply.status === 200) {
        answer.body = remember(answer.body);
        answer.headers.delete('etag');
      }
      return answer;
    },
  };
}

let upstream: RunningServer;
let dir: string;
let spec: URL;
beforeAll(async () => {
  upstream = await startServer({ env: { AUTH_FAILURE_LIMIT_MAX: '1000000' } });
  dir = await mkdtemp(join(tmpdir(), 'contract-extra-'));
  spec = await extraSpec(dir);
});
afterAll(async () => {
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

/** The generic cases of the extended spec against the summary server, those of the new operation named. */
async function casesAgainst(mutation: Mutation) {
  const proxy = await startMutantProxy(upstream.url, mutation);
  const c = createContract(remoteTarget({ baseUrl: proxy.url }), loadContractSpec(spec));
  const mentions = genericCases(c).filter(
    (item) => item.title.includes('getCourseSummary') || item.title.includes('/summary'),
  );
  return { c, mentions, close: () => proxy.close() };
}

describe('an operation added to the spec with a link', () => {
  test('gets the generic and stateful checks, and passes them against a server that keeps them', async () => {
    const { c, mentions, close } = await casesAgainst(summaryServer(upstream.url));
    try {
      expect(mentions.map((item) => `${item.check}: ${item.title}`)).toEqual([
        'credential-required: getCourseSummary (GET /api/v1/courses/{courseId}/summary)',
        'unsupported-method: /api/v1/courses/{courseId}/summary (declares GET)',
        'positive-data-accepted: getCourseSummary',
        'negative-data-rejected: getCourseSummary',
        'resource-available: createCourse → getCourse, getCourseSummary',
        'use-after-free: createCourse → deleteCourse, then getCourse, updateCourse, publishCourse, ' +
          'archiveCourse, restoreCourse, getCourseSummary',
      ]);
      for (const item of mentions) await item.run();
      expect(coverage.takePending()).toEqual([]);
      expect([...(coverage.seen.get('getCourseSummary')?.keys() ?? [])].sort()).toEqual([
        '200',
        '400',
        '401',
        '404',
      ]);
      expect(c.spec.find('GET', '/api/v1/courses/crs_7GfK2pQm9XwLz4Rt/summary')?.operationId).toBe(
        'getCourseSummary',
      );
    } finally {
      await close();
    }
  });

  test("is caught by use-after-free when a deleted course's summary is still served", async () => {
    const { mentions, close } = await casesAgainst(summaryServer(upstream.url, true));
    try {
      const useAfterFree = mentions.find((item) => item.check === 'use-after-free');
      await expect(useAfterFree?.run()).rejects.toThrow(
        /^\[use-after-free\] GET \/api\/v1\/courses\/crs_\w+\/summary answered 200 after DELETE/,
      );
    } finally {
      await close();
    }
  });
});
