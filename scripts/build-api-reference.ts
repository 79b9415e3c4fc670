// `tsx scripts/build-api-reference.ts [OUT_DIR]`: the API reference page served at `/docs`. The
// renderer (Scalar's standalone bundle and its stylesheet, from the registry package) is copied
// under content-hashed names beside an `index.html` that loads them with SRI, so the page works
// offline and under a CSP without inline script or style.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_OUT_DIR = fileURLToPath(new URL('../server/dist/reference/', import.meta.url));
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

/** Copies `source` into `assets` as `<name>-<hash>.<ext>`; its name and SRI hash. */
async function copyHashed(source: string, assets: string, name: string, extension: string) {
  const content = await readFile(source);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  const file = `${name}-${hash}.${extension}`;
  await writeFile(join(assets, file), content);
  return { file, integrity: `sha384-${createHash('sha384').update(content).digest('base64')}` };
}

/** Writes the page and its assets to `outDir`, removing assets of earlier builds. */
export async function buildApiReference(outDir: string = DEFAULT_OUT_DIR): Promise<string[]> {
  const assets = join(outDir, 'assets');
  await mkdir(assets, { recursive: true });
  const bundle = resolveModule('@scalar/api-reference/browser/standalone.js');
  const script = await copyHashed(bundle, assets, 'reference', 'js');
  const style = await copyHashed(
    resolveModule('@scalar/api-reference/style.css'),
    assets,
    'reference',
    'css',
  );
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Course Management Service — API reference</title>
    <link rel="stylesheet" href="/docs/assets/${style.file}" integrity="${style.integrity}">
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi" data-configuration="${escapeAttribute(JSON.stringify(CONFIGURATION))}"></script>
    <script src="/docs/assets/${script.file}" integrity="${script.integrity}"></script>
  </body>
</html>
`;
  const temporary = join(outDir, `.index-${process.pid}.html`);
  await writeFile(temporary, html);
  await rename(temporary, join(outDir, 'index.html'));
  const keep = new Set([script.file, style.file]);
  for (const name of await readdir(assets))
    if (!keep.has(name)) await rm(join(assets, name), { force: true });
  return [script.file, style.file];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  process.stdout.write(`API reference built: ${outDir} (${(await buildApiReference(outDir)).join(', ')})\n`);
}
