import { join } from 'node:path';
import { ApiError, openApiDocument } from '@course-service/runtime';
import type { Context, Next } from 'koa';
import { assetsDir } from '../assets-dir.ts';
import { pageHeaders } from '../page-headers.ts';
import { readIfExists } from '../read-if-exists.ts';
import { FAVICON_PATH } from './favicon.ts';

const { title, version, summary } = openApiDocument.info as {
  title: string;
  version: string;
  summary: string;
};

const LINKS: Array<[string, string, string]> = [
  ['/docs', 'API reference', 'every operation, its parameters, answers and errors'],
  ['/dashboard/', 'Dashboard', 'create, list and revoke API keys'],
  ['/api/openapi', 'OpenAPI description', 'the contract, as JSON (OpenAPI 3.1)'],
  ['/healthz', 'Health', 'this instance and its dependencies'],
];

/** A stylesheet as the page links it: its path and its SRI hash. */
export interface StylesheetRef {
  href: string;
  integrity: string;
}

/**
 * The landing page's HTML, linking `stylesheet` (the dashboard's look, built with the API
 * reference) when there is one. No inline script or style, so the page's CSP needs neither.
 *
 * @example renderLandingPage({ href: '/docs/assets/landing-0123456789ab.css', integrity: 'sha384-…' });
 */
export function renderLandingPage(stylesheet?: StylesheetRef): string {
  const link = stylesheet
    ? `\n<link rel="stylesheet" href="${stylesheet.href}" integrity="${stylesheet.integrity}">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">${link}
</head>
<body>
<header class="topbar">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">C</span>Course Service</a>
<span class="account muted small">Version ${version}</span>
</header>
<main class="page landing">
<h1>${title}</h1>
<p class="lead">${summary}</p>
<p class="muted">An HTTP API under <code>/api/v1</code>, and the same operations for AI assistants over MCP.</p>
<ul class="card links">
${LINKS.map(([href, name, what]) => `<li><a href="${href}">${name}</a><span class="muted">${what}</span></li>`).join('\n')}
<li><span class="name">MCP endpoint</span><span class="muted"><code>POST /mcp</code>, for Model Context Protocol clients, with a key or by signing in</span></li>
</ul>
</main>
</body>
</html>
`;
}

/**
 * `GET /`: a small page that links the API reference, the dashboard, the OpenAPI description and
 * `/healthz`, and names the MCP endpoint, so that whoever opens the server's address finds their
 * way. Served as built into `dir` (with its stylesheet), else unstyled.
 *
 * @example koa.use(landingPage());
 */
export function landingPage(dir: string = assetsDir('reference')) {
  const headers = pageHeaders();
  const unstyled = renderLandingPage();
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
    ctx.body = (await readIfExists(join(dir, 'landing.html'))) ?? unstyled;
  };
}
