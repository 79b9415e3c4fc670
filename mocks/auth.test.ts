import { describe, expect, it } from 'vitest';
import { type AuthenticationError, createCourseClient, PermissionDeniedError } from '../sdk/index.ts';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';
import { mockApiKey } from './index.ts';

const reader = mockApiKey('reader');
const expired = mockApiKey('expired');
const revoked = mockApiKey('revoked');
const mock = useCourseServiceMock({
  apiKeys: [
    { key: reader, scopes: ['courses:read'] },
    { key: expired, expiresAt: '2020-01-01T00:00:00Z' },
    { key: revoked, revokedAt: '2020-01-01T00:00:00Z' },
  ],
  idTokens: { 'alice-token': 'alice' },
  rateLimit: { authFailureMax: 7 },
});
const { baseUrl } = mock;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: AuthenticationError) => `${error.status} ${error.code}`,
  );
const courses = (apiKey?: string, apiKeyHeader = false) =>
  createCourseClient({ baseUrl, apiKey, apiKeyHeader, maxRetries: 0 }).courses;
const keys = (idToken?: string) => createCourseClient({ baseUrl, idToken, maxRetries: 0 }).apiKeys;

describe('credentials, as the server checks them', () => {
  it('answers the server’s 401 codes for API keys', async () => {
    expect(await codeOf(courses().listPage())).toBe('401 authentication_required');
    expect(await codeOf(courses('not-a-key').listPage())).toBe('401 invalid_api_key');
    expect(await codeOf(courses(mockApiKey('never-declared')).listPage())).toBe('401 invalid_api_key');
    expect(await codeOf(courses(expired).listPage())).toBe('401 api_key_expired');
    expect(await codeOf(courses(revoked, true).listPage())).toBe('401 api_key_revoked');
    expect(await codeOf(courses(mock.idToken('alice')).listPage())).toBe('401 wrong_credential_type');
    // A declared token is no API key in shape: refused as the server refuses any malformed key.
    expect(await codeOf(courses('alice-token').listPage())).toBe('401 invalid_api_key');
  });

  it('answers the server’s 401 codes for ID tokens, accepting only declared and issued ones', async () => {
    expect(await codeOf(keys().listPage())).toBe('401 authentication_required');
    expect(await codeOf(keys(reader).listPage())).toBe('401 wrong_credential_type');
    expect(await codeOf(keys('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJtYWxsb3J5In0.forged').listPage())).toBe(
      '401 invalid_id_token',
    );
    expect(await codeOf(keys('alice-token').listPage())).toBe('ok');
    expect(await codeOf(keys(mock.idToken('bob')).listPage())).toBe('ok');
  });

  it('names the missing scope in a 403', async () => {
    const error = await courses(reader)
      .create({ name: 'x', description: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).problem).toMatchObject({
      code: 'insufficient_scope',
      missingScopes: ['courses:write'],
    });
    expect(await codeOf(courses(reader).listPage())).toBe('ok');
  });

  it('mints working keys through the API, and refuses them once revoked', async () => {
    const response = await fetch(`${baseUrl}/dev/token`, {
      method: 'POST',
      body: JSON.stringify({ sub: 'carol' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const { idToken } = (await response.json()) as { idToken: string };
    const created = await keys(idToken).create({ name: 'ci', scopes: ['courses:read'] });
    expect(created).toMatchObject({
      key: expect.stringMatching(/^cms_prod_\w{32}$/),
      status: 'active',
      scopes: ['courses:read'],
    });
    expect(await codeOf(courses(created.key).listPage())).toBe('ok');
    // Last used: the first request of the minute, never before the key was made.
    const lastUsedAt = (await keys(idToken).listPage()).data[0]?.lastUsedAt ?? '';
    expect(Date.parse(lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    expect((await keys(idToken).revoke(created.id)).status).toBe('revoked');
    expect(await codeOf(courses(created.key).listPage())).toBe('401 api_key_revoked');
    expect(await codeOf(keys('alice-token').revoke(created.id))).toBe('404 not_found');
  });

  it('limits failed authentication per client, as the server does', async () => {
    for (let i = 0; i < 7; i++) expect(await codeOf(courses('wrong').listPage())).toBe('401 invalid_api_key');
    expect(await codeOf(courses('wrong').listPage())).toBe('429 rate_limited');
  });
});
