import { expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server/harness.ts';
import { createTestDatabase } from '../../test-support/services/test-backend.ts';

it('answers /healthz with 503 naming the database once PostgreSQL stops answering', async () => {
  const database = await createTestDatabase();
  const server = await startTestServer({ DATABASE_URL: database.url });
  try {
    const healthy = await server.call('GET', '/healthz');
    expect(healthy.status).toBe(200);
    expect(healthy.body.checks.database).toEqual({ status: 'up' });
    // Dropping the database (ending its connections) is what an outage looks like from here.
    await database.drop();
    const down = await server.call('GET', '/healthz');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      checks: { database: { status: 'down', detail: 'PostgreSQL does not answer.' } },
    });
  } finally {
    await server.close();
    await database.drop();
  }
});
