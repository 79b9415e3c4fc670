import {
  createResponseValidator,
  loadContractSpec,
  operationShapes,
  type Target,
} from '@course-service/contract-tests';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltInTarget } from '../test-support/contract-targets/built-in-target.ts';
import { openFuzzSession } from './session.ts';
import { sendProbe, type TransportProbe } from './transport.ts';

// A deployment as `npm start` runs it counts failed authentications: under fuzzing its quota runs
// out, and an upload without a credential is then refused with a 429, which the spec declares.

const spec = loadContractSpec();
const validator = createResponseValidator(spec);
const createCourse = operationShapes(spec).find((shape) => shape.spec.operationId === 'createCourse');
let target: Target;
beforeAll(async () => {
  target = await startBuiltInTarget({ AUTH_FAILURE_LIMIT_MAX: '2' });
});
afterAll(() => target.close());

function upload(credentialHeaders: [string, string][]): TransportProbe {
  if (!createCourse) throw new Error('the spec has no createCourse');
  return {
    kind: 'upload',
    operation: createCourse,
    method: 'POST',
    path: '/api/v1/courses',
    headers: [...credentialHeaders, ['content-type', 'application/json']],
    uploadBytes: 2 * 1024 * 1024,
    credentialed: credentialHeaders.length > 0,
    label: 'a 2 MB upload',
  };
}

test('an upload is refused by the body limit with a credential, by authentication without, then by the spent quota', async () => {
  const session = await openFuzzSession(target);
  const credentialed = await sendProbe(
    target,
    upload([['authorization', `Bearer ${session.apiKey}`]]),
    validator,
  );
  expect(credentialed).toEqual({ status: 413, failures: [] });

  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await sendProbe(target, upload([]), validator));
  expect(answers).toEqual([
    { status: 401, failures: [] },
    { status: 401, failures: [] },
    { status: 429, failures: [] },
  ]);
});
