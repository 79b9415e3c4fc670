import { type HttpHandler, HttpResponse, http } from 'msw';
import type { CourseServiceMock, RecordedRequest, RequestMatch } from '../index.ts';
import { applyScenario, type ScenarioRequest } from './scenario-request.ts';

/** A refused control request, as an RFC 9457 problem like the API's own. */
const refusal = (detail: string) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Bad Request', status: 400, detail },
    { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** A recorded request as JSON for any language: what is `undefined` in JavaScript is `null`. */
const asJson = (request: RecordedRequest) => ({
  ...request,
  operationId: request.operationId ?? null,
  body: request.body ?? null,
  status: request.status ?? null,
});

/** The match the query of `GET /__mock/requests` asks for: `?operationId=createCourse&status=201`. */
function matchOf(query: URLSearchParams): RequestMatch {
  const match: Record<string, string | number> = {};
  for (const field of ['operationId', 'method', 'path', 'status']) {
    const value = query.get(field);
    if (value !== null) match[field] = field === 'status' ? Number(value) : value;
  }
  return match as RequestMatch;
}

/**
 * The mock's controls over HTTP, for tests in other languages, as msw handlers placed before the
 * mock's own (so they are not recorded): `GET /__mock/requests` is `mock.requests.filter()`,
 * `POST /__mock/reset` is `mock.reset()` (then `scenarios` are set again), and
 * `POST /__mock/scenarios` is `mock.scenario(operationId)[scenario](…)`.
 *
 * @example getResponse([...controlHandlers(mock, []), ...mock.handlers], request)
 */
export function controlHandlers(mock: CourseServiceMock, scenarios: ScenarioRequest[]): HttpHandler[] {
  const at = `${mock.baseUrl}/__mock`;
  return [
    http.get(`${at}/requests`, ({ request }) =>
      HttpResponse.json(mock.requests.filter(matchOf(new URL(request.url).searchParams)).map(asJson)),
    ),
    http.post(`${at}/reset`, () => {
      mock.reset();
      for (const scenario of scenarios) applyScenario(mock, scenario);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${at}/scenarios`, async ({ request }) => {
      try {
        applyScenario(mock, (await request.json()) as ScenarioRequest);
      } catch (error) {
        return refusal((error as Error).message);
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
