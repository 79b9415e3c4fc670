import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDevAuthorizationState, MAX_ENTRIES } from './authorization-codes.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const codeChallenge = createHash('sha256').update(verifier).digest('base64url');

/** A state on a clock the test moves, with one registered client. */
function stateAt(start: number) {
  const clock = { now: start };
  const state = createDevAuthorizationState(() => clock.now);
  const { clientId } = state.register([REDIRECT], undefined);
  const issue = () => state.issueCode({ clientId, redirectUri: REDIRECT, codeChallenge, subject: 'pat' });
  const redeem = (code: string) => state.redeem(code, clientId, REDIRECT, verifier);
  return { clock, issue, redeem };
}

describe('pending authorization codes', () => {
  it('refuses a code after its minute', () => {
    const { clock, issue, redeem } = stateAt(0);
    const fresh = issue();
    const late = issue();
    clock.now = 59_999;
    expect(redeem(fresh)).toEqual({ subject: 'pat' });
    clock.now = 60_000;
    expect(redeem(late)).toEqual({ error: 'The code is unknown, used or expired.' });
  });

  it('when full, drops expired codes before evicting a live one, and then the oldest live one', () => {
    const { clock, issue, redeem } = stateAt(0);
    const expired = Array.from({ length: 10 }, issue);
    clock.now = 30_000;
    const live = Array.from({ length: MAX_ENTRIES - 10 }, issue);
    clock.now = 61_000;
    // Full: the ten expired codes make room, and every live one stays.
    const newer = Array.from({ length: 10 }, issue);
    expect(redeem(expired[0] as string)).toMatchObject({ error: expect.any(String) });
    expect(redeem(live[0] as string)).toEqual({ subject: 'pat' });
    // Full of live codes (one redeemed above, so one issue fills it): the oldest live one goes.
    issue();
    issue();
    expect(redeem(live[1] as string)).toMatchObject({ error: expect.any(String) });
    expect(redeem(live[2] as string)).toEqual({ subject: 'pat' });
    expect(redeem(newer[0] as string)).toEqual({ subject: 'pat' });
  });
});
