/**
 * A response interceptor that warns once per deprecated operation this client calls, when an answer
 * carries `Deprecation` (RFC 9745): which operation, since when, until when (`Sunset`, RFC 8594)
 * and where its documentation is (`Link` with `rel="deprecation"`).
 *
 * @example raw.interceptors.response.use(deprecationWarnings((message) => console.warn(message)));
 */
export function deprecationWarnings(
  warn: (message: string) => void,
): (response: Response, request: Request, options: { method?: string; url: string }) => Response {
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
