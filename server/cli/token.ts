import { createDevIdentityProvider } from '../auth/dev-identity-provider.ts';
import { loadConfig } from '../config.ts';
import type { Command } from './usage.ts';

/** `course-service token <subject>`. */
export const tokenCommand: Command = {
  help: `Usage: course-service token <subject>

Prints an ID token for <subject> from the built-in development identity provider, signed with the
key in DATA_DIR (the one the server uses), for the key-management endpoints:

  curl -X POST localhost:3000/api/v1/api-keys -H "Authorization: Bearer $(course-service token alice)" ...

Refused when a real identity provider is configured (IDP_ISSUER…), with NODE_ENV=production, or
with DATA_DIR=:memory: (whose server keeps its key in memory).`,
  positionals: { min: 1, max: 1 },
  async run([subject], { env, out, err }) {
    const config = loadConfig(env);
    if (config.identityProvider || config.production || config.dataDir === ':memory:') {
      err(
        'course-service token: the development identity provider is off (IDP_ISSUER set, NODE_ENV=production or DATA_DIR=:memory:)\n',
      );
      return 1;
    }
    const provider = await createDevIdentityProvider(config.dataDir);
    out(`${await provider.issueToken(subject as string)}\n`);
    return 0;
  },
};
