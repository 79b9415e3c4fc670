/**
 * Child process for the crash test: inserts courses in concurrent batches forever and prints each
 * id once its insert is acknowledged, until the parent kills it with SIGKILL.
 * Usage: node --import tsx crash-writer.fixture.ts <dataDir> <idPrefix>
 */
import { openSqljsStore } from './open-sqljs-store.ts';

const [dataDir, prefix] = process.argv.slice(2);
if (!dataDir || !prefix) throw new Error('usage: crash-writer.fixture.ts <dataDir> <idPrefix>');

// A low threshold so kills also land during background checkpoints and journal rotations.
const store = await openSqljsStore({ dataDir, checkpointEntries: 400 });
const at = new Date().toISOString();
let n = 0;
for (;;) {
  const batch = Array.from({ length: 1 + (n % 64) }, () => {
    const id = `crs_${prefix}_${n++}`;
    const course = {
      id,
      ownerId: 'crash',
      environment: 'prod' as const,
      name: id,
      description: 'x'.repeat(n % 300),
      status: 'draft' as const,
    };
    return store
      .insertCourse({ ...course, createdAt: at, updatedAt: at, publishedAt: null, archivedAt: null })
      .then(() => process.stdout.write(`${id}\n`));
  });
  await Promise.all(batch);
}
