import type { Cause, UndeclaredAnswer } from './failure-log.ts';

/**
 * The failures by cause, causes first: for each, the operation, the check and what was observed,
 * how many failures it made, the expectation it broke, what came back, and a `curl` that sends
 * the request again. Empty when nothing failed.
 *
 * @example console.log(renderCauses(report.causes));
 */
export function renderCauses(causes: readonly Cause[]): string {
  if (causes.length === 0) return '';
  const failures = causes.reduce((sum, cause) => sum + cause.failures, 0);
  const lines = [
    `Failures by cause: ${causes.length} cause(s) of ${failures} failure(s), the most frequent first`,
  ];
  for (const cause of causes) {
    const { first } = cause;
    lines.push(
      `- ${cause.operationId ?? '(no operation)'} [${cause.check}] ${cause.observed}: ${cause.failures} failure(s)`,
    );
    lines.push(`    expected: ${first.expectation}`);
    lines.push(`    answered: ${first.response.status} ${first.response.body.slice(0, 200)}`);
    lines.push(`    reproduce: ${first.curl}`);
  }
  return lines.join('\n');
}

/**
 * What the target answered that the spec does not declare, one line each (`PUT /api/v1/courses
 * answered 404, not 405`). Empty when every such answer was the expected one.
 *
 * @example console.log(renderUndeclared(report.undeclared));
 */
export function renderUndeclared(answers: readonly UndeclaredAnswer[]): string {
  if (answers.length === 0) return '';
  const lines = answers.map((a) => `- ${a.method} ${a.path} answered ${a.status}, not ${a.expected}`);
  return ['Answers to what the spec does not declare:', ...lines].join('\n');
}
