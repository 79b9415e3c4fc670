import type { Context, Next } from 'koa';
import { ApiError, openApiDocument } from '../../core/index.ts';
import { pageHeaders } from '../page-headers.ts';

const { title, version } = openApiDocument.info as { title: string; version: string };

const LINKS: Array<[string, string, string]> = [
  ['/docs', 'API reference', 'every operation, its parameters, answers and errors'],
  ['/dashboard/', 'Dashboard', 'create, list and revoke API keys'],
  ['/api/openapi', 'OpenAPI description', 'the contract, as JSON (OpenAPI 3.1)'],
  ['/healthz', 'Health', 'this instance and its dependencies'],
  ['/mcp', 'MCP endpoint', 'for Model Context Protocol clients (POST, with a key or by signing in)'],
];

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
  </head>
  <body>
    <h1>${title}</h1>
    <p>Version ${version}. The API lives under <code>/api/v1</code>.</p>
    <ul>
${LINKS.map(([href, name, what]) => `      <li><a href="${href}">${name}</a>: ${what}</li>`).join('\n')}
    </ul>
  </body>
</html>
`;

/**
 * `GET /`: a small page that links the API reference, the dashboard, the OpenAPI description,
 * `/healthz` and the MCP endpoint, so that whoever opens the server's address finds their way.
 *
 * @example koa.use(landingPage());
 */
export function landingPage() {
  const headers = pageHeaders();
  return async function landing(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== '/') return next();
    ctx.set(headers);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', 'This page answers GET and HEAD only.', {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  };
}
