import { ApiError, type OpenApiDocument } from '@course-service/runtime';
import {
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  ResourceNotFoundError,
} from '@modelcontextprotocol/server';
import { internalProtocolError } from './tool-errors.ts';
import { type CallScope, courseCaller } from './tool-runner.ts';

/** The API description as a resource: the same document `GET /api/openapi` serves. */
const SPEC_URI = 'course-service://api/openapi.json';
const COURSE_PREFIX = 'course://';
/** How many courses one page of `resources/list` holds; `nextCursor` leads to the next. */
const PAGE_SIZE = 50;

type Obj = Record<string, unknown>;

/**
 * A course operation as a resource read: the pipeline's refusal becomes a JSON-RPC error, invalid
 * params for the client's mistakes, an internal error (with `retryAfterSeconds`) for an outage.
 */
async function runCourseOperation(
  scope: CallScope,
  operationId: string,
  params: Record<string, string>,
  query: Obj,
): Promise<Obj> {
  const caller = courseCaller(scope.caller);
  if (!caller) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'The master key acts for an explicit owner: read courses with the get_course and list_courses tools.',
    );
  }
  const outcome = await scope.callOperation(operationId, { caller, params, query, body: undefined });
  if (outcome.ok) return outcome.data as Obj;
  const { error } = outcome;
  if (error instanceof ApiError && error.code === 'service_unavailable') {
    // An outage is the server's, not a bad parameter: say so, and when to try again.
    const retryAfterSeconds = Number(error.options.headers?.['Retry-After'] ?? 2);
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${error.code}: ${error.detail}`, {
      code: error.code,
      retryAfterSeconds,
    });
  }
  if (error instanceof ApiError && error.code !== 'internal_error') {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${error.code}: ${error.detail}`, {
      code: error.code,
    });
  }
  scope.log?.error({ err: error, operationId, requestId: scope.requestId }, 'resource read failed');
  throw internalProtocolError(scope.requestId);
}

/** `resources/templates/list`: each course the caller can see, by id. */
export function resourceTemplates(): ListResourceTemplatesResult {
  return {
    resourceTemplates: [
      {
        uriTemplate: `${COURSE_PREFIX}{courseId}`,
        name: 'course',
        title: 'Course',
        description:
          'One course as JSON (the REST representation of GET /api/v1/courses/{courseId}); ids look like crs_….',
        mimeType: 'application/json',
      },
    ],
  };
}

/**
 * `resources/list`: the API description first, then the caller's courses (newest first, in its
 * key's environment), a page at a time through `listCourses`, so the REST API's rules apply.
 */
export async function listResources(
  scope: CallScope,
  cursor: string | undefined,
): Promise<ListResourcesResult> {
  const spec = {
    uri: SPEC_URI,
    name: 'openapi',
    title: 'OpenAPI description',
    description: 'The Course Management API contract (OpenAPI 3.1, JSON): every operation, schema and error.',
    mimeType: 'application/json',
  };
  // The master key has no courses of its own; a key without courses:read sees the description only.
  const caller = courseCaller(scope.caller);
  const canList =
    caller !== undefined && (caller.kind !== 'apiKey' || caller.scopes.includes('courses:read'));
  if (!canList) return { resources: cursor === undefined ? [spec] : [] };
  const page = await runCourseOperation(
    scope,
    'listCourses',
    {},
    {
      limit: PAGE_SIZE,
      ...(cursor !== undefined && { cursor }),
    },
  );
  const courses = (page.data as Obj[]).map((course) => ({
    uri: `${COURSE_PREFIX}${String(course.id)}`,
    name: String(course.id),
    title: String(course.name),
    description: `Course '${String(course.name)}' (${String(course.status)}).`,
    mimeType: 'application/json',
  }));
  return {
    resources: cursor === undefined ? [spec, ...courses] : courses,
    ...(typeof page.nextCursor === 'string' && { nextCursor: page.nextCursor }),
  };
}

/** `resources/read`: the API description, or one course through `getCourse`; anything else is not found. */
export async function readResource(
  scope: CallScope,
  uri: string,
  document: OpenApiDocument,
): Promise<ReadResourceResult> {
  if (uri === SPEC_URI) {
    return {
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(document) }],
      // The description changes only with a new release of the service.
      ttlMs: 3_600_000,
      cacheScope: 'public',
    };
  }
  const courseId = uri.startsWith(COURSE_PREFIX) ? uri.slice(COURSE_PREFIX.length) : '';
  if (courseId === '') throw new ResourceNotFoundError(uri);
  try {
    const course = await runCourseOperation(scope, 'getCourse', { courseId }, {});
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(course) }] };
  } catch (error) {
    // A malformed id names no course either: both are "not found" for a resource URI.
    const code = error instanceof ProtocolError ? (error.data as Obj | undefined)?.code : undefined;
    if (code === 'not_found' || code === 'validation_failed') {
      throw new ResourceNotFoundError(
        uri,
        `Resource not found: no course '${courseId}' is visible to this credential.`,
      );
    }
    throw error;
  }
}
