import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { parse } from 'yaml';
import { codeBlocks } from '../../test-support/docs/markdown.ts';

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
  /** The provider's private key as a JWK (JSON): the "client secret" a token script signs with. */
  signingKey: string;
  issuer: string;
  audience: string;
  close(): Promise<void>;
}

/**
 * Starts, on loopback, what a production deployment talks to: an identity provider's JWKS (ES256;
 * the private key is handed to the test, which mints tokens as a provider's test tenant would) and
 * a secret scanner's published keys (GitHub's format).
 *
 * @example const standIns = await startProductionStandIns();
 */
export async function startProductionStandIns(): Promise<ProductionStandIns> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'ES256', use: 'sig' }] };
  const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const scannerKeys = {
    public_keys: [
      { key_identifier: 'stand-in-scanner', key: scanner.publicKey.export({ type: 'spki', format: 'pem' }) },
    ],
  };
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/jwks.json' ? jwks : request.url === '/scanner-keys' ? scannerKeys : undefined;
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = 'https://idp.example.net/';
  const audience = 'course-service-staging';
  return {
    serverEnv: {
      NODE_ENV: 'production',
      API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
      IDP_ISSUER: issuer,
      IDP_AUDIENCE: audience,
      IDP_JWKS_URL: `${base}/jwks.json`,
      SECRET_SCANNING_KEYS_URL: `${base}/scanner-keys`,
    },
    signingKey: JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'stand-in', alg: 'ES256' }),
    issuer,
    audience,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The token script a user of the guide writes (`scripts/staging-id-token.sh`), for the stand-in
 * provider: it signs a token for `$CONTRACT_SUBJECT` with the key in `$STAGING_IDP_CLIENT_SECRET`,
 * using the `jose` the contract suite brings.
 */
export function stagingIdTokenScript(issuer: string, audience: string): string {
  return `#!/bin/sh
# Prints an ID token for $CONTRACT_SUBJECT from the stand-in identity provider.
exec node --input-type=module -e '
import { importJWK, SignJWT } from "jose";
const key = JSON.parse(process.env.STAGING_IDP_CLIENT_SECRET);
const token = await new SignJWT({ sub: process.env.CONTRACT_SUBJECT })
  .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
  .setIssuer("${issuer}").setAudience("${audience}").setIssuedAt().setExpirationTime("10m")
  .sign(await importJWK(key, "ES256"));
console.log(token);
'
`;
}

/**
 * The token script for the development identity provider at `baseUrl` (`POST /dev/token`), as a
 * preview deployment's: a token for `$CONTRACT_SUBJECT`, with Node's fetch (no curl or jq needed).
 */
export function devIdTokenScript(baseUrl: string): string {
  return `#!/bin/sh
# Prints an ID token for $CONTRACT_SUBJECT from the preview's (development) identity provider.
exec node --input-type=module -e '
const answer = await fetch("${baseUrl}/dev/token", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ sub: process.env.CONTRACT_SUBJECT }),
});
if (!answer.ok) throw new Error("the identity provider answered " + answer.status);
console.log((await answer.json()).idToken);
'
`;
}

/** Writes an executable script at `path` in `dir`. */
export function writeScript(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text, { mode: 0o755 });
}

/**
 * Runs the step of `job` that runs the suite, in the first workflow of the guide installed in `dir`
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
  const workflows = codeBlocks(guide)
    .filter((block) => block.lang === 'yaml')
    .map((block) => parse(block.code) as { jobs: Record<string, { steps: Step[] }> });
  const step = workflows
    .flatMap((workflow) => workflow.jobs[job]?.steps ?? [])
    .find((candidate) => /course-contract(?! diff)/.test(candidate.run ?? ''));
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
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill(), STEP_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

interface Step {
  run?: string;
  env?: Record<string, string>;
}
