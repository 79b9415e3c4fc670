import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server/harness.ts';
import { startServerProcess } from '../../test-support/server/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/services/test-backend.ts';

// An instance whose API_KEY_HASH_SECRET is not the one its database was first started with would
// know none of the stored keys: it refuses to start, naming the variable and neither secret.
const secret = () => randomBytes(32).toString('base64url');
const dataDir = () => mkdtempSync(join(tmpdir(), 'secret-fingerprint-'));
const MISMATCH = /^API_KEY_HASH_SECRET differs from the secret this database was first started with/;

describe('the key hashing secret is the database’s own', () => {
  it('sql.js: a restart with another secret is refused; with the first, its keys still work', async () => {
    const dir = dataDir();
    const [first, other] = [secret(), secret()];
    const server = await startTestServer({ DATA_DIR: dir, API_KEY_HASH_SECRET: first });
    const key = await server.apiKey('alice');
    await server.close();
    const refused = await startTestServer({ DATA_DIR: dir, API_KEY_HASH_SECRET: other }).catch(
      (e: Error) => e,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(MISMATCH);
    expect((refused as Error).message).not.toMatch(new RegExp(`${first}|${other}|\\n`));
    const again = await startTestServer({ DATA_DIR: dir, API_KEY_HASH_SECRET: first });
    expect((await again.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    await again.close();
  });

  it('development: the secret generated into DATA_DIR is the one recorded; setting another is refused', async () => {
    const dir = dataDir();
    await (await startTestServer({ DATA_DIR: dir })).close();
    await (await startTestServer({ DATA_DIR: dir })).close();
    await expect(startTestServer({ DATA_DIR: dir, API_KEY_HASH_SECRET: secret() })).rejects.toThrow(
      /the API_KEY_HASH_SECRET set here has another fingerprint/,
    );
  });

  describe('PostgreSQL, several instances', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    it('an instance with another secret (or its own generated one) refuses to start, in one line', async () => {
      const shared = secret();
      const first = await startTestServer({ DATABASE_URL: database.url, API_KEY_HASH_SECRET: shared });
      const second = await startTestServer({ DATABASE_URL: database.url, API_KEY_HASH_SECRET: shared });
      await second.close();
      await expect(startTestServer({ DATABASE_URL: database.url, DATA_DIR: dataDir() })).rejects.toThrow(
        /API_KEY_HASH_SECRET is unset here, and the one generated into this DATA_DIR has another fingerprint/,
      );
      const wrong = secret();
      const failed = await startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir(),
        API_KEY_HASH_SECRET: wrong,
      }).catch((error: Error) => error.message);
      const stderr = String(failed).split('\n').slice(1).join('\n').trim();
      expect(stderr.split('\n')).toEqual([
        expect.stringMatching(/^course-service could not start: API_KEY_HASH_SECRET differs/),
      ]);
      expect(stderr).not.toContain(wrong);
      expect(stderr).not.toContain(shared);
      await first.close();
    });
  });
});
