import { loadConfig } from '../config.ts';
import type { Command } from './usage.ts';

const SECRETS = new Set(['apiKeyHashSecret', 'mcpMasterApiKey']);

/** `course-service check-config`. */
export const checkConfigCommand: Command = {
  help: `Usage: course-service check-config

Reads the configuration from the environment as the server would, and prints it (secrets shown
only as set or unset), or every problem found. Exits 0 when the server would start with it, 78
(EX_CONFIG) otherwise. Every variable is in the "Configuration" section of this package's
README.md.`,
  run(_args, { env, out }) {
    const config = loadConfig(env);
    const shown = Object.fromEntries(
      Object.entries(config).map(([name, value]) => {
        if (SECRETS.has(name)) return [name, value === undefined ? 'unset' : 'set'];
        if (name === 'database' && config.database) {
          const url = new URL(config.database.url);
          url.password = url.password ? '***' : '';
          return [name, { ...config.database, url: url.href }];
        }
        return [name, value];
      }),
    );
    out(`${JSON.stringify(shown, null, 2)}\nThe configuration is valid.\n`);
    return 0;
  },
};
