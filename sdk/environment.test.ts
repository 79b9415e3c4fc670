import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devIdToken, startCourseServer } from '../test-support/sdk/servers.ts';
import { createCourseClient, keyEnvironment } from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  server = await startCourseServer();
});
afterAll(() => server.close());

describe('environments in the SDK', () => {
  it('tells the environment of the key it holds without a request, and the one that answered', async () => {
    const idToken = await devIdToken(server.url);
    const keys = createCourseClient({ baseUrl: server.url, idToken });
    const test = await keys.apiKeys.create({ name: 'CI', environment: 'test' });
    const prod = await keys.apiKeys.create({ name: 'app' });
    expect(test.key.startsWith('cms_test_')).toBe(true);

    const sandbox = createCourseClient({ baseUrl: server.url, apiKey: test.key });
    const production = createCourseClient({ baseUrl: server.url, apiKey: prod.key });
    expect(sandbox.environment).toBe('test');
    expect(production.environment).toBe('prod');
    expect(keys.environment).toBeUndefined();

    const created = await sandbox.courses.create({ name: 'Fixture', description: '' }).withResponse();
    expect(created.environment).toBe('test');
    expect(created.data.environment).toBe('test');
    expect((await production.courses.listPage().withResponse()).environment).toBe('prod');
    expect((await keys.apiKeys.listPage({ environment: 'test' })).data.map((k) => k.id)).toEqual([test.id]);

    expect(await keys.testData.reset()).toEqual({ environment: 'test', deletedCourses: 1 });
    expect((await sandbox.courses.listPage()).data).toEqual([]);
  });

  it('reads an environment only from values shaped like keys', () => {
    const tail = 'A'.repeat(32);
    expect(keyEnvironment(`cms_test_${tail}`)).toBe('test');
    expect(keyEnvironment(`cms_prod_${tail}`)).toBe('prod');
    expect(keyEnvironment(`cms_staging_${tail}`)).toBeUndefined();
    expect(keyEnvironment('eyJhbGciOiJSUzI1NiJ9.e30.sig')).toBeUndefined();
  });
});
