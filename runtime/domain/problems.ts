/** Stable problem codes, as listed in the spec's `Problem.code` enum. */
export type ProblemCode =
  | 'validation_failed'
  | 'malformed_json'
  | 'malformed_request'
  | 'invalid_cursor'
  | 'authentication_required'
  | 'invalid_api_key'
  | 'api_key_revoked'
  | 'api_key_expired'
  | 'invalid_id_token'
  | 'wrong_credential_type'
  | 'insufficient_scope'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_transition'
  | 'course_archived'
  | 'invalid_course_state'
  | 'key_already_revoked'
  | 'key_already_expired'
  | 'key_already_rolled'
  | 'webhook_endpoint_disabled'
  | 'webhook_endpoint_limit'
  | 'invalid_report_signature'
  | 'idempotency_request_in_progress'
  | 'idempotency_key_reused'
  | 'request_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'headers_too_large'
  | 'request_refused'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

/** One offending field of a request, as listed in a `validation_failed` problem. */
export interface FieldError {
  location: 'body' | 'query' | 'path' | 'header';
  pointer: string;
  detail: string;
}

/** An RFC 9457 problem body as this service sends it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ProblemCode;
  requestId: string;
  [extension: string]: unknown;
}

const PROBLEMS: Record<ProblemCode, [status: number, title: string]> = {
  validation_failed: [400, 'Validation failed'],
  malformed_json: [400, 'Malformed JSON'],
  malformed_request: [400, 'Malformed request'],
  invalid_cursor: [400, 'Invalid cursor'],
  authentication_required: [401, 'Authentication required'],
  invalid_api_key: [401, 'Invalid API key'],
  api_key_revoked: [401, 'API key revoked'],
  api_key_expired: [401, 'API key expired'],
  invalid_id_token: [401, 'Invalid ID token'],
  wrong_credential_type: [401, 'Wrong credential type'],
  insufficient_scope: [403, 'Insufficient scope'],
  not_found: [404, 'Not found'],
  method_not_allowed: [405, 'Method not allowed'],
  invalid_transition: [409, 'Invalid transition'],
  course_archived: [409, 'Course archived'],
  invalid_course_state: [409, 'Invalid course state'],
  key_already_revoked: [409, 'Key already revoked'],
  key_already_expired: [409, 'Key already expired'],
  key_already_rolled: [409, 'Key already rolled'],
  webhook_endpoint_disabled: [409, 'Webhook endpoint disabled'],
  webhook_endpoint_limit: [409, 'Webhook endpoint limit reached'],
  invalid_report_signature: [401, 'Invalid report signature'],
  idempotency_request_in_progress: [409, 'Request in progress'],
  idempotency_key_reused: [422, 'Idempotency key reused'],
  request_timeout: [408, 'Request timeout'],
  payload_too_large: [413, 'Payload too large'],
  unsupported_media_type: [415, 'Unsupported media type'],
  headers_too_large: [431, 'Request header fields too large'],
  // A middleware in front of the service (an embedder's) refused the request with a status of its
  // own choosing; the problem carries that status.
  request_refused: [400, 'Request refused'],
  rate_limited: [429, 'Too many requests'],
  internal_error: [500, 'Internal server error'],
  service_unavailable: [503, 'Service unavailable'],
};

/** The HTTP status a problem code is sent with. */
export function problemStatus(code: ProblemCode): number {
  return PROBLEMS[code][0];
}

/**
 * Builds the problem body for `code`; `extensions` adds members such as `errors` or
 * `allowedTransitions`.
 *
 * @example problemBody('not_found', "No course 'crs_…' exists.", { instance: '/api/v1/courses/crs_…', requestId })
 */
export function problemBody(
  code: ProblemCode,
  detail: string,
  context: { instance: string; requestId: string },
  extensions: Record<string, unknown> = {},
): ProblemBody {
  const [status, title] = PROBLEMS[code];
  return {
    type: `urn:course-service:problem:${code}`,
    title,
    status,
    detail,
    ...context,
    code,
    ...extensions,
  };
}
