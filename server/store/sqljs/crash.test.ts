import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { account, tempDir } from '../../../test-support/store/records.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

const WRITER = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the writer until it has acknowledged at least `acks` ids, SIGKILLs it, returns the acked ids. */
function runAndKill(dataDir: string, prefix: string, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, prefix], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let partial = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      acked.push(...lines);
      if (acked.length >= acks) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer exited with ${code} before the kill: ${stderr}`));
    });
  });
}

it('keeps every acknowledged write across SIGKILLs at random moments', async () => {
  const dataDir = await tempDir();
  const acknowledged: string[] = [];
  for (let round = 0; round < 4; round++) {
    acknowledged.push(...(await runAndKill(dataDir, `r${round}`, 200 + Math.floor(Math.random() * 1500))));

    const store = await openSqljsStore({ dataDir });
    const missing: string[] = [];
    // Each course, its event and its delivery to the first run's endpoint (every run's fan out to it).
    const deliveries = await store.listWebhookDeliveries({
      ownerId: 'crash',
      endpointId: 'we_r0',
      limit: 1e6,
    });
    const delivered = new Set(deliveries.map((delivery) => delivery.eventId));
    for (const id of acknowledged) {
      const course = await store.getCourse(account('crash'), id);
      const event = await store.getEvent(account('crash'), `evt_${id}`);
      if (!course || !event || !delivered.has(event.id)) missing.push(id);
    }
    await store.close();
    expect(missing).toEqual([]);
  }
  expect(acknowledged.length).toBeGreaterThanOrEqual(800);
  // Four writer processes started and killed, as server/crash.test.ts does: slow on a loaded machine.
}, 90_000);
