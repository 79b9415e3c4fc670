// Takes the data directory argv[2] (opening the sql.js store, or with argv[3] only the lock in that
// namespace), prints "ready <pid>", and holds it until killed: the other process in the
// data-directory lock tests.
import { SILENT_LOGGER } from '../store-logger.ts';
import { type LockNamespace, lockDataDir } from './data-dir-lock.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

const [dataDir, namespace] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: lock-holder.fixture.ts <dataDir> [abstract|pipe|file]');
if (namespace) await lockDataDir(dataDir, SILENT_LOGGER, namespace as LockNamespace);
else await openSqljsStore({ dataDir });
process.stdout.write(`ready ${process.pid}\n`);
setInterval(() => undefined, 60_000);
