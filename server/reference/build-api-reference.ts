// `tsx server/reference/build-api-reference.ts [OUT_DIR]`, a step of the server package's build: the
// API reference page served at `/docs`, and the landing page served at `/`. The renderer (Scalar's
// standalone bundle and its stylesheet, from the registry package) and the landing page's
// stylesheet (the dashboard's look) are written under content-hashed names beside an `index.html`
// and a `landing.html` that load them with SRI, so the pages work offline and under a CSP without
// inline script.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { FAVICON_PATH } from './favicon.ts';
import { renderLandingPage } from './landing-page.ts';

const DEFAULT_OUT_DIR = fileURLToPath(new URL('../dist/reference/', import.meta.url));
const { resolve: resolveModule } = createRequire(import.meta.url);

// No fonts or calls to anyone's servers, no hosted API client or developer tools: everything the
// page needs comes from this service.
const CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  documentDownloadType: 'json',
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Writes `content` into `assets` as `<name>-<hash>.<ext>`; its name and SRI hash. */
async function writeHashed(content: Uint8Array, assets: string, name: string, extension: string) {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  const file = `${name}-${hash}.${extension}`;
  await writeFile(join(assets, file), content);
  return { file, integrity: `sha384-${createHash('sha384').update(content).digest('base64')}` };
}

/** The landing page's stylesheet: `server/reference/landing.css` and the dashboard's it imports. */
async function bundleLandingStylesheet(): Promise<Uint8Array> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./landing.css', import.meta.url))],
    bundle: true,
    minify: true,
    write: false,
    outdir: 'out',
    target: ['chrome111', 'firefox111', 'safari16'],
    logLevel: 'warning',
  });
  return (outputFiles[0] as { contents: Uint8Array }).contents;
}

/** Atomically replaces `outDir/name` with `content`, so a server reading it never sees half a file. */
async function writePage(outDir: string, name: string, content: string) {
  const temporary = join(outDir, `.${name}-${process.pid}-${Date.now()}`);
  await writeFile(temporary, content);
  await rename(temporary, join(outDir, name));
}

/** Writes the pages and their assets to `outDir`, removing assets of earlier builds. */
export async function buildApiReference(outDir: string = DEFAULT_OUT_DIR): Promise<string[]> {
  const assets = join(outDir, 'assets');
  await mkdir(assets, { recursive: true });
  const bundle = resolveModule('@scalar/api-reference/browser/standalone.js');
  const script = await writeHashed(await readFile(bundle), assets, 'reference', 'js');
  const style = await writeHashed(
    await readFile(resolveModule('@scalar/api-reference/style.css')),
    assets,
    'reference',
    'css',
  );
  const landing = await writeHashed(await bundleLandingStylesheet(), assets, 'landing', 'css');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Course Management Service — API reference</title>
    <link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
    <link rel="stylesheet" href="/docs/assets/${style.file}" integrity="${style.integrity}">
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi" data-configuration="${escapeAttribute(JSON.stringify(CONFIGURATION))}"></script>
    <script src="/docs/assets/${script.file}" integrity="${script.integrity}"></script>
  </body>
</html>
`;
  await writePage(outDir, 'index.html', html);
  await writePage(
    outDir,
    'landing.html',
    renderLandingPage({ href: `/docs/assets/${landing.file}`, integrity: landing.integrity }),
  );
  const keep = new Set([script.file, style.file, landing.file]);
  for (const name of await readdir(assets))
    if (!keep.has(name)) await rm(join(assets, name), { force: true });
  return [script.file, style.file, landing.file];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  process.stdout.write(`API reference built: ${outDir} (${(await buildApiReference(outDir)).join(', ')})\n`);
}
