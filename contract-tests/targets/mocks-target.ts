import { getResponse, type RequestHandler } from 'msw';
import type { Target } from './target.ts';

/** What the suite needs of `mocks/index.ts`: a factory of msw 2 handlers for a base URL. */
interface MocksEntry {
  createCourseServiceMock(options: {
    baseUrl: string;
    rateLimit?: { max?: number; windowSeconds?: number; authFailureMax?: number };
  }): { handlers: RequestHandler[] };
}

const BASE_URL = 'http://course-service.mock';
// Resolved at run time, so the other targets keep working while the mocks are being written.
const MOCKS_ENTRY: string = '../../mocks/index.ts';

/**
 * The msw mocks as a target: each request goes straight to the handlers with msw's `getResponse`,
 * no network and no global interception. ID tokens come from the mocks' own `POST /dev/token`.
 *
 * @example
 * const target = await mocksTarget();
 */
export async function mocksTarget(
  rateLimit: { max?: number; windowSeconds?: number; authFailureMax?: number } = {},
): Promise<Target> {
  const { createCourseServiceMock } = (await import(MOCKS_ENTRY)) as MocksEntry;
  const mock = createCourseServiceMock({
    baseUrl: BASE_URL,
    rateLimit: { authFailureMax: 1_000_000, ...rateLimit },
  });
  const answer = async (request: Request) =>
    (await getResponse(mock.handlers, request)) ??
    new Response(`no mock handler for ${request.method} ${request.url}`, { status: 599 });
  return {
    name: `the msw mocks (${rateLimit.max ? 'small quotas' : 'default quotas'})`,
    baseUrl: BASE_URL,
    fetch: answer,
    async issueIdToken(subject) {
      const request = new Request(`${BASE_URL}/dev/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sub: subject }),
      });
      return ((await (await answer(request)).json()) as { idToken: string }).idToken;
    },
    idp: {},
    withSmallLimits: () => mocksTarget({ max: 5, windowSeconds: 2, authFailureMax: 3 }),
    unsupported: {
      sign: 'the mocks accept the ID tokens they issue and no signed JWTs, so expiry and claim checks of ID tokens are not theirs to make',
      jwks: 'the mocks publish no JWKS',
    },
    close: async () => {},
  };
}
