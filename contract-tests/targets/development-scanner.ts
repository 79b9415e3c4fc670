import type { LeakReportSignature } from './target.ts';

/** Where a development server signs a report for its development secret scanner. */
const SIGNATURE_PATH = '/dev/secret-scanning/signature';

/**
 * A target's `signLeakReport` through a development server's scanner (`POST /dev/secret-scanning/
 * signature` with the report as its body); `undefined` where the server has none (404: production,
 * or a scanner of its own set with `SECRET_SCANNING_KEYS_URL`).
 *
 * @example const target = { …, signLeakReport: developmentScanner(baseUrl, fetch) };
 */
export function developmentScanner(
  baseUrl: string,
  fetchFn: (request: Request) => Promise<Response>,
): (report: string) => Promise<LeakReportSignature | undefined> {
  return async (report) => {
    const response = await fetchFn(
      new Request(`${baseUrl}${SIGNATURE_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: report,
      }),
    );
    if (response.status === 404) return undefined;
    if (response.status !== 200)
      throw new Error(`POST ${SIGNATURE_PATH} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as LeakReportSignature;
  };
}
