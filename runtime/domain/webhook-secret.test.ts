import { describe, expect, it } from 'vitest';
import { newWebhookSecret, secretStart } from './webhook-secret.ts';

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 24 random bytes, different every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(atob(secret.slice(6))).toHaveLength(24);
    }
  });

  it('show whsec_ and 4 characters to recognise them', () => {
    expect(secretStart('whsec_MfKQ9r8GKYqXt3JqAkJzV0sWW8xN2RbT')).toBe('whsec_MfKQ');
  });
});
