import { ApiError, createKeyHasher, type Store } from '@course-service/runtime';
import { formatApiKey, type KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import { createLocalJWKSet } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
// The core's authenticator itself (not exported: adapters get it inside createCore), over a real store.
import { createAuthenticator } from '../../runtime/core/auth/authenticator.ts';
import { createLastUsedTracker } from '../../runtime/core/auth/last-used-tracker.ts';
import { newApiKey } from '../../test-support/store/records.ts';
import { openStore } from '../store/open-store.ts';
import { createIdTokenVerifier } from './id-token-verifier.ts';

// A real in-memory store, watched: every key lookup it answers is counted.
const store = await openStore({ dataDir: ':memory:' });
let lookups = 0;
const watched: Store = new Proxy(store, {
  get(target, name, receiver) {
    if (name === 'findApiKeyByHash') lookups++;
    const value = Reflect.get(target, name, receiver);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});
const hasher = createKeyHasher('s'.repeat(32));
const lastUsed = createLastUsedTracker(watched);
const authenticator = createAuthenticator({
  store: watched,
  hasher,
  idTokens: createIdTokenVerifier({ issuer: 'i', audience: 'a', keys: createLocalJWKSet({ keys: [] }) }),
  lastUsed,
  clock: () => new Date(),
});
afterAll(async () => {
  await lastUsed.stop();
  await store.close();
});

async function storeKey(n: number, environment: KeyEnvironment): Promise<string> {
  const value = formatApiKey('cms', environment);
  await store.insertApiKey({ ...newApiKey('alice', n, environment), hash: await hasher.hash(value) });
  return value;
}

describe('the authenticator', () => {
  it('gives an API-key caller the environment of its key', async () => {
    const test = await storeKey(1, 'test');
    const prod = await storeKey(2, 'prod');
    const caller = (value: string) => authenticator.authenticate({ 'x-api-key': value }, 'apiKey');
    expect(await caller(test)).toMatchObject({ kind: 'apiKey', ownerId: 'alice', environment: 'test' });
    expect(await caller(prod)).toMatchObject({ kind: 'apiKey', ownerId: 'alice', environment: 'prod' });
  });

  it('refuses a key with an unknown environment before any lookup', async () => {
    const staging = (await storeKey(3, 'prod')).replace('_prod_', '_staging_');
    const before = lookups;
    const refusal = await authenticator.authenticate({ authorization: `Bearer ${staging}` }, 'apiKey').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'invalid_api_key', status: 401 });
    expect((refusal as ApiError).detail).toContain("unknown environment 'staging'");
    expect(lookups).toBe(before);
  });
});
