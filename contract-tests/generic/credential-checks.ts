import { coverage } from '../coverage.ts';
import { type CheckCase, judge } from './check-case.ts';
import type { GenericContext } from './context.ts';
import { send, validParts } from './requests.ts';
import { invalidCredential } from './session.ts';

type Probe = 'missing' | 'invalid';

/**
 * `credential-required` for every secured operation: a request without a credential, and one with
 * a credential no server issued, each answered 401 with `WWW-Authenticate` (or 403). Each probe is
 * a failed authentication, which servers limit per client address: unless the advertised
 * `auth-failures` quota holds the suite's full plan, each operation gets one probe, missing and
 * invalid taking turns across operations, so every operation is still probed.
 *
 * @example for (const item of credentialCases(g)) await item.run();
 */
export function credentialCases(g: GenericContext): CheckCase[] {
  let pacedNoted = false;
  return g.shapes
    .filter((shape) => shape.credential !== 'none')
    .map((shape, index) => ({
      check: 'credential-required',
      title: `${shape.spec.operationId} (${shape.spec.method} ${shape.spec.path})`,
      async run() {
        const verdicts = judge('credential-required');
        const parts = validParts(g, shape, 'minimal');
        const full = g.c.budget.full;
        const probes: Probe[] = full ? ['missing', 'invalid'] : [index % 2 === 0 ? 'missing' : 'invalid'];
        if (!full && !pacedNoted) {
          pacedNoted = true;
          coverage.limitation(
            'credential-required',
            'one failed authentication per operation (missing and invalid taking turns): the ' +
              "server's failed-authentication quota is unknown or too small for both on every operation",
          );
        }
        for (const probe of probes) {
          const credential = probe === 'missing' ? {} : invalidCredential(g.document, shape);
          const { label, reply } = await send(g.c, shape, parts, credential);
          const challenged = reply.status === 401 && reply.headers.has('WWW-Authenticate');
          if (challenged || reply.status === 403) verdicts.pass();
          else
            verdicts.fail(
              `${label} with ${probe === 'missing' ? 'no' : 'an invalid'} credential ` +
                `answered ${reply.status}` +
                (reply.status === 401 ? ' without WWW-Authenticate' : ', not 401 or 403'),
              reply,
            );
        }
        verdicts.done();
      },
    }));
}
