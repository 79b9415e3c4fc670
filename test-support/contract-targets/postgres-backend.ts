// Setup file of the `contract:server-postgres` project: a throwaway database (and the run's Redis)
// for the contract suite's built-in server, which reads them from CONTRACT_DATABASE_URL and
// CONTRACT_REDIS_URL; the database is dropped after the suite.
import { afterAll } from 'vitest';
import { createTestDatabase, createTestRedis } from '../services/test-backend.ts';

const database = await createTestDatabase();
process.env.CONTRACT_DATABASE_URL = database.url;
process.env.CONTRACT_REDIS_URL = createTestRedis().url;
afterAll(() => database.drop());
