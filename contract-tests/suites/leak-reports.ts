import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { coverage } from '../coverage.ts';
import { requires } from '../preflight.ts';

const REPORTS = '/api/v1/secret-scanning/reports';

/**
 * `reportLeakedApiKeys`: a report the scanner did not sign is refused; a genuine one (signed as
 * the target's scanner signs, where something signs for it) gets its verdicts and acts on them.
 */
export function leakReportsSuite(c: Contract): void {
  describe('leaked-key reports', () => {
    requires(c, 'scannerKeys');
    test('401 for a report signed by no key the scanner publishes; 400 for an unsigned or malformed one', async () => {
      const { key } = await c.newKey();
      const json = [{ token: key, type: 'course_service_api_key' }];
      const signed = {
        'Github-Public-Key-Identifier': 'contract-test-no-such-key',
        'Github-Public-Key-Signature': 'MEUCIQDxBADSIGNATUREAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==',
      };
      expectRawProblem(
        await c.call(REPORTS, { method: 'POST', headers: signed, json }),
        401,
        'invalid_report_signature',
      );
      expectRawProblem(await c.call(REPORTS, { method: 'POST', json }), 400, 'validation_failed');
      expectRawProblem(
        await c.call(REPORTS, { method: 'POST', headers: signed, json: [{ type: 'no token' }] }),
        400,
        'validation_failed',
      );
      // The key was not touched.
      expectRawProblem(
        await c.call('/api/v1/courses', { headers: { 'X-API-Key': `${key}x` } }),
        401,
        'invalid_api_key',
      );
      await c.client({ apiKey: key }).courses.listPage();
    });

    test('a genuine report: verdicts per token, the reported key revoked (or flagged), its history', async (context) => {
      const { key, id, idToken } = await c.newKey();
      const notOurs = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      const report = JSON.stringify([
        {
          token: key,
          type: 'course_service_api_key',
          url: 'https://gist.github.com/contract',
          source: 'gist',
        },
        {
          token: notOurs,
          type: 'course_service_api_key',
          url: 'https://gist.github.com/contract',
          source: 'gist',
        },
      ]);
      const signed = await c.target.signLeakReport?.(report);
      if (signed === undefined) {
        const reason =
          'nothing signs reports for this target (a development server does, at /dev/secret-scanning/signature): only its scanner can';
        coverage.limitation('leaked-key report verdicts', reason);
        return context.skip(reason);
      }
      const { keyIdentifier, signature } = signed;
      const headers = {
        'Content-Type': 'application/json',
        'Github-Public-Key-Identifier': keyIdentifier,
        'Github-Public-Key-Signature': signature,
      };
      const reply = await c.call(REPORTS, { method: 'POST', headers, body: report });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        { token_raw: key, token_type: 'course_service_api_key', label: 'true_positive' },
        { token_raw: notOurs, token_type: 'course_service_api_key', label: 'false_positive' },
      ]);

      const history = [];
      for await (const event of c.client({ idToken }).apiKeys.events(id)) history.push(event.type);
      expect(history).toContain('reported_leaked');
      const after = await c.call('/api/v1/courses', { headers: { 'X-API-Key': key } });
      // Revoked by default; a server with SECRET_SCANNING_ACTION=flag only flags it.
      if (after.status === 401) {
        expectRawProblem(after, 401, 'api_key_revoked');
        expect(history[0]).toBe('revoked');
      } else expect(after.status).toBe(200);
    });
  });
}
