/**
 * Child process for the crash test: inserts courses in concurrent batches forever, each with its
 * event (`evt_` and the course id) and so a delivery to this run's webhook endpoint (`we_` and the
 * prefix), and prints each id once its insert is acknowledged, until the parent kills it with SIGKILL.
 * Usage: node --import tsx crash-writer.fixture.ts <dataDir> <idPrefix>
 */
import { openSqljsStore } from './open-sqljs-store.ts';

const [dataDir, prefix] = process.argv.slice(2);
if (!dataDir || !prefix) throw new Error('usage: crash-writer.fixture.ts <dataDir> <idPrefix>');

// A low threshold so kills also land during background checkpoints and journal rotations.
const store = await openSqljsStore({ dataDir, checkpointEntries: 400 });
const at = new Date().toISOString();
const endpoint = { ownerId: 'crash', environment: 'prod' as const, url: 'https://hooks.example.com/' };
await store.insertWebhookEndpoint({
  ...endpoint,
  id: `we_${prefix}`,
  description: '',
  eventTypes: ['*'],
  enabled: true,
  disabledReason: null,
  secret: 'whsec_crash',
  previousSecret: null,
  previousSecretExpiresAt: null,
  lastSuccessAt: null,
  createdAt: at,
  updatedAt: at,
});
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
      .insertCourse(
        { ...course, createdAt: at, updatedAt: at, publishedAt: null, archivedAt: null },
        undefined,
        {
          id: `evt_${id}`,
          type: 'course.created',
          createdAt: at,
          payload: () => `{"id":"evt_${id}"}`,
        },
      )
      .then(() => process.stdout.write(`${id}\n`));
  });
  await Promise.all(batch);
}
