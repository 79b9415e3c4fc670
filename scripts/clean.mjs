// `node scripts/clean.mjs DIR…`: removes build output before a build, so no stale file ships.
import { rmSync } from 'node:fs';

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
