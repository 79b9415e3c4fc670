// Opens the sql.js store on argv[2], prints "ready", and holds it until killed: the other process
// in the lock-file tests.
import { openSqljsStore } from './open-sqljs-store.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-holder.fixture.ts <dataDir>');
await openSqljsStore({ dataDir });
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
