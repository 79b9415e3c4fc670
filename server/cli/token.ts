#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createDevIdentityProvider } from '../auth/dev-identity-provider.ts';
import { ConfigError, loadConfig } from '../config.ts';

// `npm run token -- <subject>`: prints an ID token from the built-in development identity provider,
// signed with the key in DATA_DIR, the same key `npm start` uses.
const { positionals } = parseArgs({ allowPositionals: true, args: process.argv.slice(2) });
const subject = positionals[0];
if (!subject) {
  process.stderr.write('usage: npm run token -- <subject>\n');
  process.exit(64);
}
try {
  const config = loadConfig(process.env);
  if (config.identityProvider || config.production || config.dataDir === ':memory:') {
    process.stderr.write(
      'The development identity provider is off (IDP_ISSUER set, NODE_ENV=production or DATA_DIR=:memory:).\n',
    );
    process.exit(1);
  }
  const provider = await createDevIdentityProvider(config.dataDir);
  process.stdout.write(`${await provider.issueToken(subject)}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78);
}
