import { describe, test } from 'vitest';
import type { CheckName } from '../checks.ts';
import type { Contract } from '../contract.ts';
import { skipWithout } from '../preflight.ts';
import type { CheckCase } from './check-case.ts';
import { genericContext } from './context.ts';
import { credentialCases } from './credential-checks.ts';
import { cursorWalkCases } from './cursor-walk.ts';
import { dataCases } from './data-checks.ts';
import { methodCases } from './method-checks.ts';
import { statefulCases } from './stateful-checks.ts';

/**
 * Every generic check of the spec, as cases: credentials, methods, positive and negative data,
 * links followed, cursor walks. A new operation, parameter or link in the spec gets them as is.
 *
 * @example for (const item of genericCases(c)) await item.run();
 */
export function genericCases(c: Contract): CheckCase[] {
  const g = genericContext(c);
  return [
    ...credentialCases(g),
    ...methodCases(g),
    ...dataCases(g),
    ...statefulCases(g),
    ...cursorWalkCases(g),
  ];
}

/** Checks that send no valid request, and so need no resource to exist. */
const STATELESS_CHECKS: ReadonlySet<CheckName> = new Set(['credential-required', 'unsupported-method']);

/**
 * The generic checks as tests, one per check and operation (or path, or link), named `check:
 * subject`. Those that make or use a webhook endpoint need a webhook URL the target accepts.
 */
export function genericChecksSuite(c: Contract): void {
  describe('generic checks', () => {
    for (const item of genericCases(c))
      test(`${item.check}: ${item.title}`, (context) => {
        if (/webhook/i.test(item.title) && !STATELESS_CHECKS.has(item.check))
          skipWithout(c, 'webhookUrl', context);
        return item.run();
      });
  });
}
