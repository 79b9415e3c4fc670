import { loadConfig } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import type { Command } from './usage.ts';

/** `course-service migrate`. */
export const migrateCommand: Command = {
  help: `Usage: course-service migrate

Brings the PostgreSQL database of DATABASE_URL to this version's schema and exits (the server also
does it at start, once, even with several instances starting together). Exits 0 when the schema is
current, 1 when the database cannot be reached. Without DATABASE_URL there is nothing to migrate:
the embedded store migrates its own file when it opens.`,
  async run(_args, { env, out, err }) {
    const config = loadConfig(env);
    if (!config.database) {
      err('course-service migrate: DATABASE_URL is not set; there is no PostgreSQL database to migrate\n');
      return 64;
    }
    try {
      const store = await openStore({ dataDir: config.dataDir, database: config.database });
      await store.close();
    } catch (error) {
      err(`course-service migrate: ${(error as Error).message}\n`);
      return 1;
    }
    out('The database schema is current.\n');
    return 0;
  },
};
