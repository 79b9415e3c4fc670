import { type CheckCase, judge } from './check-case.ts';
import type { GenericContext } from './context.ts';
import { validParts } from './requests.ts';

/** The methods tried on every path; HEAD is implied by GET (RFC 9110) and OPTIONS is CORS's. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/**
 * `unsupported-method` for every path: each common method the spec does not declare for it answers
 * 405 with an `Allow` that lists exactly the declared methods, plus `HEAD` where `GET` is declared
 * (accepted with or without it). Sent without a credential: routing comes before authentication.
 *
 * @example for (const item of methodCases(g)) await item.run();
 */
export function methodCases(g: GenericContext): CheckCase[] {
  const paths = [...new Set(g.shapes.map((shape) => shape.spec.path))];
  return paths.map((path) => {
    const shapes = g.shapes.filter((shape) => shape.spec.path === path);
    const declared = shapes.map((shape) => shape.spec.method);
    return {
      check: 'unsupported-method',
      title: `${path} (declares ${declared.join(', ')})`,
      async run() {
        const verdicts = judge('unsupported-method');
        const [first] = shapes;
        const values = first ? validParts(g, first, 'minimal').path : {};
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(values[name] ?? 'x'),
        );
        const expected = [...declared].sort();
        const withHead = declared.includes('GET') ? [...declared, 'HEAD'].sort() : expected;
        for (const method of METHODS.filter((m) => !declared.includes(m))) {
          const reply = await g.c.call(url, { method });
          const allow = reply.headers.get('Allow');
          const listed = (allow ?? '')
            .split(',')
            .map((m) => m.trim().toUpperCase())
            .filter(Boolean)
            .sort();
          const exact = [expected, withHead].some((want) => want.join() === listed.join());
          const shown = allow === null ? '(none)' : `'${allow}'`;
          if (reply.status === 405 && allow !== null && exact) verdicts.pass();
          else
            verdicts.fail(
              `${method} ${url} answered ${reply.status} with Allow ${shown}; expected 405 with Allow ` +
                `'${expected.join(', ')}'${withHead === expected ? '' : ' (HEAD may be added)'}`,
              reply,
            );
        }
        verdicts.done();
      },
    };
  });
}
