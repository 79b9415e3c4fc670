import type { APIPromise } from './api-promise.ts';
import { resetTestData } from './gen/sdk.gen.ts';
import type { TestDataReset } from './gen/types.gen.ts';
import type { RequestOptions, Send } from './transport.ts';

/** The account's sandbox, the data test keys act on (ID token). */
export interface TestDataResource {
  /** Deletes every test course of the account; production data is never touched. */
  reset(options?: RequestOptions): APIPromise<TestDataReset>;
}

/**
 * Builds the `testData` resource over a transport.
 *
 * @example
 * const testData = createTestDataResource(createTransport({ baseUrl, idToken }).send);
 * const { deletedCourses } = await testData.reset();
 */
export function createTestDataResource(send: Send): TestDataResource {
  return { reset: (options) => send('idToken', 'resetTestData', (o) => resetTestData(o), options) };
}
