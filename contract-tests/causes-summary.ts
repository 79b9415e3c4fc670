import type { Cause, UndeclaredAnswer } from './failure-log.ts';

/** Operations and checks a cause failed, named up to this many; the rest are counted. */
const WHERE_NAMED = 4;

/**
 * The failures by cause, the most frequent first, one line each: what was observed (for a problem,
 * its status, `code`, pointers and whole `detail`), how many failures it made and where, then the
 * first failure's expectation and a `curl` that sends its request again. Empty when nothing failed.
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
    const { where } = cause;
    const more = where.length > WHERE_NAMED ? ` and ${where.length - WHERE_NAMED} more` : '';
    lines.push(
      `- ${cause.observed}: ${cause.failures} failure(s) in ${where.slice(0, WHERE_NAMED).join(', ')}${more}`,
    );
    lines.push(`    expected: ${first.expectation}`);
    if (!cause.observed.startsWith(`${first.response.status} `))
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
