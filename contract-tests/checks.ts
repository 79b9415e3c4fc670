/**
 * Every check the suite makes, by name, with what it means: the names printed in failures, in the
 * JUnit file and in the JSON report. The first five judge every answer of the run; the others are
 * generated per operation from the spec (see `generic/`); `scenario` is a hand-written test.
 */
export const CHECKS = {
  'no-server-error': 'No answer is a 5xx.',
  'declared-status':
    'The status is one the spec declares for the operation (or a 4xx problem where no operation matches).',
  'declared-content-type':
    'The Content-Type is one the spec declares for that status, and no body comes where none is declared.',
  'declared-headers':
    'Every required header declared for that status is present, and every declared header is valid; ' +
    "a deprecated operation's answers carry Deprecation, Sunset and Link.",
  'body-schema':
    'The body is valid against the schema declared for that status; a problem agrees with its answer.',
  'negative-data-rejected':
    'A request that violates the spec (missing required, wrong type, out of range, unknown property) ' +
    'gets a declared 4xx, never a 2xx.',
  'positive-data-accepted': 'A valid request built from the spec is not refused with 400 or 422.',
  'credential-required':
    'A secured operation answers a missing or invalid credential with 401 (or 403) and WWW-Authenticate.',
  'unsupported-method':
    'A method the path does not declare answers 405, with an Allow that lists exactly the ' +
    "path's methods (HEAD implied by GET).",
  'resource-available': 'After a create, its linked GET answers 200 with the created resource.',
  'links-consistent':
    'Each linked operation acts on the created resource, and the resource then reads back as ' +
    'the operation answered.',
  'use-after-free':
    'After a linked DELETE succeeds, every other linked operation on the resource answers 404.',
  'cursor-walk': "Following a list's next-page link returns each item exactly once.",
  scenario: 'A hand-written test of behaviour the spec cannot express (see contract-tests/suites).',
} as const;

/** The name of a check. */
export type CheckName = keyof typeof CHECKS;

/** The checks made on every answer, by the contract fetch. */
export const RESPONSE_CHECKS = [
  'no-server-error',
  'declared-status',
  'declared-content-type',
  'declared-headers',
  'body-schema',
] as const satisfies readonly CheckName[];

/** A broken promise, with the check that found it. */
export interface Finding {
  check: CheckName;
  message: string;
}

/**
 * The error a generic check throws: its message starts with the check's name, so every failure
 * says which promise was broken.
 *
 * @example throw new CheckFailure('use-after-free', 'GET /api/v1/courses/crs_… answered 200 after DELETE');
 */
export class CheckFailure extends Error {
  constructor(
    readonly check: CheckName,
    detail: string,
  ) {
    super(`[${check}] ${detail}`);
    this.name = 'CheckFailure';
  }
}
