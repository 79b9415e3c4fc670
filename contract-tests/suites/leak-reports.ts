import { describe, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { requires } from '../preflight.ts';

const REPORTS = '/api/v1/secret-scanning/reports';

/** `reportLeakedApiKeys`: a report the scanner did not sign is refused; only the scanner can sign one. */
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
  });
}
