/** A built asset as the page references it. */
export interface AssetRef {
  href: string;
  integrity: string;
}

/**
 * The dashboard's only HTML page: no inline script or style, so the Content-Security-Policy needs
 * no `unsafe-inline`. The `<noscript>` text is the one thing shown when scripts are off.
 *
 * @example renderIndexHtml({ script: { href, integrity }, stylesheet: { href, integrity } });
 */
export function renderIndexHtml(assets: { script: AssetRef; stylesheet: AssetRef }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Course Service dashboard</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assets.stylesheet.href}" integrity="${assets.stylesheet.integrity}">
<script type="module" src="${assets.script.href}" integrity="${assets.script.integrity}"></script>
</head>
<body>
<div id="app" class="app"><p class="boot" role="status">Loading the dashboard…</p></div>
<noscript><p class="boot">The dashboard needs JavaScript. The API works without it: see /api/openapi.</p></noscript>
</body>
</html>
`;
}
