import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { suiteSteps } from '../../test-support/docs/workflow-steps.ts';

// The contract guide's CI recipes run as written: a workflow's contract step, taken from the guide
// the installed package ships, run by bash as a runner runs it, with the runner's values for its
// `${{ … }}` expressions, and the scripts the guide says are yours.

/** A run that waits out a development server's failed-authentication window twice, on a busy machine. */
export const STEP_TIMEOUT_MS = 300_000;

/** A receiver URL whose host resolves nowhere (no DNS here, nor a real host anywhere). */
export const UNRESOLVABLE_WEBHOOK_URL = 'https://hooks.example.net/contract';

/** Stand-ins for a deployment's outside services: its identity provider and its secret scanner. */
export interface ProductionStandIns {
  /** The server's settings for them (IDP_*, SECRET_SCANNING_KEYS_URL), and its own for production. */
  serverEnv: Record<string, string>;
  /** The provider's test-tenant endpoint: `POST {"sub"}` with the client secret as a bearer answers `{"idToken"}`. */
  tokenUrl: string;
  /** The secret a token script authenticates to the test tenant with. */
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts, on loopback, what a production deployment talks to: an identity provider (its JWKS, ES256,
 * and a test tenant's token endpoint, as providers offer for automated tests) and a secret
 * scanner's published keys (GitHub's format).
 *
 * @example const standIns = await startProductionStandIns();
 */
export async function startProductionStandIns(): Promise<ProductionStandIns> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'ES256', use: 'sig' }] };
  const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const scannerKeys = {
    public_keys: [
      { key_identifier: 'stand-in-scanner', key: scanner.publicKey.export({ type: 'spki', format: 'pem' }) },
    ],
  };
  const issuer = 'https://idp.example.net/';
  const audience = 'course-service-staging';
  const clientSecret = randomBytes(24).toString('base64url');
  const mint = (sub: string) =>
    new SignJWT({ sub })
      .setProtectedHeader({ alg: 'ES256', kid: 'stand-in', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/jwks.json') return json(200, jwks);
    if (request.url === '/scanner-keys') return json(200, scannerKeys);
    if (request.url !== '/token' || request.method !== 'POST') return json(404, {});
    let text = '';
    for await (const chunk of request) text += chunk;
    if (request.headers.authorization !== `Bearer ${clientSecret}`) return json(401, {});
    const { sub } = JSON.parse(text) as { sub?: string };
    return typeof sub === 'string' ? json(200, { idToken: await mint(sub) }) : json(400, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    serverEnv: {
      NODE_ENV: 'production',
      API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
      IDP_ISSUER: issuer,
      IDP_AUDIENCE: audience,
      IDP_JWKS_URL: `${base}/jwks.json`,
      SECRET_SCANNING_KEYS_URL: `${base}/scanner-keys`,
    },
    tokenUrl: `${base}/token`,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A token script as a user of the guide writes one (`scripts/staging-id-token.sh`,
 * `scripts/preview-id-token.sh`): it asks `tokenUrl` for a token for `$CONTRACT_SUBJECT`, with the
 * client secret in `$secretVariable` as a bearer when given (curl and jq, as the guide's own).
 */
export function idTokenScript(tokenUrl: string, secretVariable?: string): string {
  const auth = secretVariable ? ` -H "Authorization: Bearer $${secretVariable}"` : '';
  return `#!/bin/sh
# Prints an ID token for $CONTRACT_SUBJECT.
curl -sf -X POST '${tokenUrl}'${auth} -H 'Content-Type: application/json' \\
  -d "{\\"sub\\": \\"$CONTRACT_SUBJECT\\"}" | jq -r .idToken
`;
}

/**
 * A CI checkout of the consumer project `installed` (in `work`): a folder of its own for a run's
 * scripts and reports, on the project's node_modules, so that runs can go side by side.
 */
export function checkout(work: string, name: string, installed: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  copyFileSync(join(work, installed, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(work, installed, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Writes an executable script at `path` in `dir`. */
export function writeScript(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text, { mode: 0o755 });
}

/**
 * Runs the step of `job` that runs the suite, in the workflows of the guide installed in `dir`
 * (`node_modules/@course-service/contract-tests/README.md`), with `values` for its expressions (an
 * expression without one fails the test); resolves with the exit code and everything it printed.
 * Asynchronous, so that servers of the calling process (stand-ins) keep answering.
 */
export async function runWorkflowStep(
  dir: string,
  job: string,
  values: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const guide = readFileSync(join(dir, 'node_modules/@course-service/contract-tests/README.md'), 'utf8');
  const step = suiteSteps(guide).find((candidate) => candidate.job === job);
  if (!step?.run) throw new Error(`no step of job ${job} in the guide runs course-contract`);
  const expand = (text: string) =>
    text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined)
        throw new Error(`the workflow uses \${{ ${name} }}, which the test does not give`);
      return value;
    });
  // The runner's environment, without the suite's settings of the process that runs the test.
  const runner = Object.entries(process.env).filter(([name]) => !name.startsWith('CONTRACT_'));
  const stepEnv = Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(String(value))]);
  const child = spawn('bash', ['-eo', 'pipefail', '-c', expand(step.run)], {
    cwd: dir,
    env: Object.fromEntries([...runner, ...stepEnv]),
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that a run past its time is stopped whole (bash, npx, the suite).
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), STEP_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
