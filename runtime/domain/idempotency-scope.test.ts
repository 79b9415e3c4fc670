import { describe, expect, it } from 'vitest';
import { idempotencyScope } from './idempotency-scope.ts';

describe('idempotencyScope', () => {
  it('keeps environments and operations of one account apart', () => {
    const scopes = [
      idempotencyScope('alice', 'prod', 'createCourse'),
      idempotencyScope('alice', 'test', 'createCourse'),
      idempotencyScope('alice', undefined, 'createCourse'),
      idempotencyScope('alice', undefined, 'createApiKey'),
    ];
    expect(new Set(scopes).size).toBe(scopes.length);
    expect(scopes[1]).toBe('alice test createCourse');
  });
});
