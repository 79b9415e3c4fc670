/** Where deprecation warnings go: `console.warn` (the default), a function of yours, or nowhere (`false`). */
export type DeprecationWarnings = boolean | ((message: string) => void);

/**
 * A response interceptor that warns once per deprecated operation this client calls, when an answer
 * carries `Deprecation` (RFC 9745): which operation, since when, until when (`Sunset`, RFC 8594)
 * and where its documentation is (`Link` with `rel="deprecation"`). `undefined` when turned off.
 *
 * @example raw.interceptors.response.use(deprecationWarnings(true) ?? ((response) => response));
 */
export function deprecationWarnings(
  setting: DeprecationWarnings | undefined,
):
  | ((response: Response, request: Request, options: { method?: string; url: string }) => Response)
  | undefined {
  if (setting === false) return undefined;
  const warn = typeof setting === 'function' ? setting : (message: string) => console.warn(message);
  const warned = new Set<string>();
  return (response, request, options) => {
    const deprecation = response.headers.get('deprecation');
    // The operation is its method and path template, so each is named once, whatever its ids.
    const operation = `${(options.method ?? request.method).toUpperCase()} ${options.url}`;
    if (deprecation === null || warned.has(operation)) return response;
    warned.add(operation);
    const seconds = /^@(-?\d+)$/.exec(deprecation)?.[1];
    const since =
      seconds === undefined ? deprecation : new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
    const sunset = response.headers.get('sunset');
    const until = sunset === null ? '' : `, and goes on ${new Date(sunset).toISOString().slice(0, 10)}`;
    const link = /<([^>]*)>\s*;\s*rel="?deprecation"?/.exec(response.headers.get('link') ?? '')?.[1];
    warn(`course-service: ${operation} is deprecated since ${since}${until}${link ? `; see ${link}` : ''}`);
    return response;
  };
}
