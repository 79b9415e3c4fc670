import { describe, expect, test } from 'vitest';
import { expectProblem, expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { byId } from './ownership.ts';

/** Test-environment keys: a sandbox per account that production never sees, and the reverse. */
export function environmentsSuite(c: Contract): void {
  describe('test environment', () => {
    test('a test key is minted on request, named in its value and record, and listed by environment', async () => {
      const { key, id, idToken, client } = await c.newKey({ environment: 'test' });
      expect(key).toMatch(/^[a-z][a-z0-9]{1,9}_test_[0-9A-Za-z]{32}$/);
      expect(client.environment).toBe('test');
      const keys = c.client({ idToken }).apiKeys;
      const prod = await keys.create({ name: 'production' });
      expect(prod.environment).toBe('prod');
      expect((await keys.listPage({ environment: 'test' })).data.map((k) => [k.id, k.environment])).toEqual([
        [id, 'test'],
      ]);
      expect((await keys.listPage({ environment: 'prod' })).data.map((k) => k.id)).toEqual([prod.id]);
    });

    test('isolation both ways: list, get, update, lifecycle and delete across environments answer 404', async () => {
      const subject = c.subject('sandboxed');
      const prod = await c.newKey({ subject });
      const test = await c.newKey({ subject, environment: 'test' });
      const prodCourse = await prod.client.courses.create({ name: 'Real', description: 'production' });
      const testCourse = await test.client.courses.create({ name: 'Fake', description: 'sandbox' });
      expect([prodCourse.environment, testCourse.environment]).toEqual(['prod', 'test']);
      expect((await test.client.courses.listPage()).data).toEqual([testCourse]);
      expect((await prod.client.courses.listPage()).data).toEqual([prodCourse]);
      for (const call of byId(test.client, prodCourse.id)) await expectProblem(call(), 404, 'not_found');
      for (const call of byId(prod.client, testCourse.id)) await expectProblem(call(), 404, 'not_found');
      expect(await prod.client.courses.get(prodCourse.id)).toEqual(prodCourse);
      expect(await test.client.courses.get(testCourse.id)).toEqual(testCourse);
    });

    test('every answer to a key says which environment gave it, errors included', async () => {
      const test = await c.newKey({ environment: 'test' });
      const prod = await c.newKey({ subject: test.subject });
      const created = await test.client.courses.create({ name: 'Labelled', description: '' }).withResponse();
      expect(created.environment).toBe('test');
      const missing = await c.call(`/api/v1/courses/${created.data.id}`, {
        headers: { 'X-API-Key': prod.key },
      });
      expectRawProblem(missing, 404, 'not_found');
      expect(missing.headers.get('Course-Environment')).toBe('prod');
      const policy = (await test.client.courses.listPage().withResponse()).response.headers.get(
        'RateLimit-Policy',
      );
      expect(policy).toMatch(/^"courses-test";/);
    });

    test("resetting test data deletes the account's test courses only, and no API key can do it", async () => {
      const subject = c.subject('reset');
      const prod = await c.newKey({ subject });
      const test = await c.newKey({ subject, environment: 'test' });
      const other = await c.newKey({ environment: 'test' });
      const kept = await prod.client.courses.create({ name: 'Kept', description: '' });
      const published = await test.client.courses.create({ name: 'Gone', description: '' });
      await test.client.courses.publish(published.id);
      await test.client.courses.create({ name: 'Gone too', description: '' });
      const theirs = await other.client.courses.create({ name: 'Not mine', description: '' });

      for (const key of [test.key, prod.key]) {
        const refused = await c.call('/api/v1/test-data', {
          method: 'DELETE',
          headers: { 'X-API-Key': key },
        });
        expectRawProblem(refused, 401, 'wrong_credential_type');
      }
      expect((await test.client.courses.listPage()).data).toHaveLength(2);

      expect(await c.client({ idToken: prod.idToken }).testData.reset()).toEqual({
        environment: 'test',
        deletedCourses: 2,
      });
      expect((await test.client.courses.listPage()).data).toEqual([]);
      expect((await prod.client.courses.listPage()).data).toEqual([kept]);
      expect((await other.client.courses.listPage()).data).toEqual([theirs]);
      const anonymous = await c.call('/api/v1/test-data', { method: 'DELETE' });
      expectRawProblem(anonymous, 401, 'authentication_required');
    });
  });
}
