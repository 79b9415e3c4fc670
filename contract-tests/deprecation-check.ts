import type { SpecOperation } from './spec.ts';

/**
 * The broken promises of a deprecated operation's answer: `Deprecation` must carry the date it was
 * deprecated as RFC 9745's `@<seconds>`, `Sunset` its end date as an HTTP-date (RFC 8594) when it
 * has one, and a `Link` must point at its documentation with `rel="deprecation"`.
 *
 * @example checkDeprecation(spec.find('GET', '/api/v1/courses'), response.headers); // [] when all three are right
 */
export function checkDeprecation(operation: SpecOperation | undefined, headers: Headers): string[] {
  const declared = operation?.deprecation;
  if (!declared) return [];
  const problems: string[] = [];
  const since = `@${Math.floor(Date.parse(declared.since) / 1000)}`;
  const deprecation = headers.get('deprecation');
  if (deprecation !== since)
    problems.push(
      `Deprecation is ${deprecation === null ? 'missing' : `'${deprecation}'`}, not '${since}' (x-deprecated-at ${declared.since}, RFC 9745)`,
    );
  const sunset = headers.get('sunset');
  if (
    declared.sunset !== undefined &&
    (sunset === null || Date.parse(sunset) !== Date.parse(declared.sunset))
  )
    problems.push(
      `Sunset is ${sunset === null ? 'missing' : `'${sunset}'`}, not the HTTP-date of x-sunset ${declared.sunset} (RFC 8594)`,
    );
  if (!/<[^>]*>\s*;\s*rel="?deprecation"?/.test(headers.get('link') ?? ''))
    problems.push(
      `no Link with rel="deprecation" to the documentation of the deprecated ${operation?.operationId}`,
    );
  return problems;
}
