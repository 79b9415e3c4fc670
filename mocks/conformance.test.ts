import { describe, expect, it } from 'vitest';
import { conformanceProblems } from './test-support/conformance.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the conformance check used by every mock test', () => {
  it('accepts a documented response', async () => {
    const headers = { 'X-Request-Id': 'r1' };
    expect(
      await conformanceProblems('GET', '/healthz', json(200, { status: 'ok', version: '1' }, headers)),
    ).toEqual([]);
  });

  it('reports an undocumented status, a missing header and a body off the schema', async () => {
    expect(await conformanceProblems('GET', '/healthz', json(418, {}))).toEqual([
      'GET /healthz → 418: status not documented',
    ]);
    const problems = await conformanceProblems('GET', '/healthz', json(200, { status: 'fine' }));
    expect(problems).toEqual([
      'GET /healthz → 200: header X-Request-Id missing',
      expect.stringMatching(/^GET \/healthz → 200: body /),
    ]);
  });
});
