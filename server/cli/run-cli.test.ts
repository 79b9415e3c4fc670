import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '@course-service/runtime';
import { createLocalJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/services/test-backend.ts';
import { createDevIdentityProvider, DEV_AUDIENCE, DEV_ISSUER } from '../auth/dev-identity-provider.ts';
import { runCli } from './run-cli.ts';

/** Runs the command line in this process with `env`; resolves its status and what it printed. */
async function cli(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const status = await runCli(args, {
    env,
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    isTerminal: false,
  });
  return { status, out, err };
}

describe('course-service command line', () => {
  it('--help names every command; --version is the API version', async () => {
    const help = await cli(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['serve', 'token', 'migrate', 'check-config'])
      expect(help.out).toContain(`  ${command}`);
    for (const flag of ['--version', '-v']) {
      expect(await cli([flag])).toEqual({ status: 0, out: `${openApiDocument.info.version}\n`, err: '' });
    }
  });

  it("every command's --help (or -h) prints its usage and runs nothing", async () => {
    for (const command of ['serve', 'token', 'migrate', 'check-config']) {
      for (const flag of ['--help', '-h']) {
        const { status, out, err } = await cli([command, flag], { PORT: 'not a port' });
        expect(status, `${command} ${flag}`).toBe(0);
        expect(out).toMatch(new RegExp(`^Usage: course-service \\[?${command}`));
        expect(err).toBe('');
      }
    }
  });

  it('refuses what it cannot run in one line with status 64, never a stack trace', async () => {
    const refusals: Array<[string[], string]> = [
      [['--bogus'], "unknown option '--bogus'"],
      [['frobnicate'], "unknown command 'frobnicate'"],
      [['token'], 'missing an argument'],
      [['token', 'alice', 'bob'], "unexpected argument 'bob'"],
      [['serve', '--port', '3000'], "unknown option '--port'"],
      [['check-config', 'extra'], "unexpected argument 'extra'"],
    ];
    for (const [args, reason] of refusals) {
      expect(await cli(args), args.join(' ')).toEqual({
        status: 64,
        out: '',
        err: `course-service: ${reason} (see course-service --help)\n`,
      });
    }
  });

  it('check-config prints the configuration with secrets as set or unset, or every problem and 78', async () => {
    const secret = 'x'.repeat(40);
    const valid = await cli(['check-config'], {
      DATA_DIR: ':memory:',
      MCP_MASTER_API_KEY: `cms_live_${'a'.repeat(32)}`,
      API_KEY_HASH_SECRET: secret,
      DATABASE_URL: 'postgres://app:hunter2@db.internal:5432/courses',
    });
    expect(valid.status).toBe(0);
    expect(valid.out).toContain('The configuration is valid.');
    expect(valid.out).toContain('"mcpMasterApiKey": "set"');
    expect(valid.out).toContain('"apiKeyHashSecret": "set"');
    expect(valid.out).toContain('postgres://app:***@db.internal:5432/courses');
    expect(valid.out).not.toContain(secret);
    expect(valid.out).not.toContain('hunter2');

    const invalid = await cli(['check-config'], { PORT: 'eighty', LOG_FORMAT: 'xml' });
    expect(invalid.status).toBe(78);
    expect(invalid.out).toBe('');
    expect(invalid.err).toBe(
      "Invalid configuration:\n  - LOG_FORMAT must be json, pretty or auto, got 'xml'\n  - PORT must be an integer from 0 to 65535, got 'eighty'\n",
    );
  });

  it('token prints an ID token for the subject, signed with the key the server in DATA_DIR uses', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'course-service-cli-'));
    const { status, out, err } = await cli(['token', 'alice'], { DATA_DIR: dataDir });
    expect({ status, err }).toEqual({ status: 0, err: '' });
    const provider = await createDevIdentityProvider(dataDir);
    const { payload } = await jwtVerify(out.trim(), createLocalJWKSet(provider.jwks), {
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
    });
    expect(payload.sub).toBe('alice');

    const refused = await cli(['token', 'alice'], { DATA_DIR: ':memory:' });
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/^course-service token: the development identity provider is off/);
  });

  describe('migrate', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database?.drop());

    it('brings a PostgreSQL database to the schema, and says so again when it is current', async () => {
      for (let run = 0; run < 2; run++) {
        expect(await cli(['migrate'], { DATABASE_URL: database.url })).toEqual({
          status: 0,
          out: 'The database schema is current.\n',
          err: '',
        });
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        );
        expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['courses', 'api_keys']));
      } finally {
        await client.end();
      }
    });

    it('without DATABASE_URL is a usage error; an unreachable database is one line and 1', async () => {
      const missing = await cli(['migrate'], {});
      expect(missing.status).toBe(64);
      expect(missing.err).toMatch(/DATABASE_URL is not set/);
      const unreachable = await cli(['migrate'], {
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
        DATABASE_WAIT_SECONDS: '0',
      });
      expect(unreachable.status).toBe(1);
      expect(unreachable.err).toMatch(/^course-service migrate: .*ECONNREFUSED 127\.0\.0\.1:9\n$/);
      expect(unreachable.err.split('ECONNREFUSED')).toHaveLength(2);
    });
  });
});
