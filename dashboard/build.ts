import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { renderIndexHtml } from './index-html.ts';

/** Where the dashboard is built to and served from: the server package's `dist/dashboard`. */
export const DEFAULT_OUT_DIR = fileURLToPath(new URL('../server/dist/dashboard/', import.meta.url));

/** What a build produced: the directory and the content-hashed asset file names. */
export interface DashboardBuild {
  outDir: string;
  script: string;
  stylesheet: string;
}

const sri = async (file: string) =>
  `sha384-${createHash('sha384')
    .update(await readFile(file))
    .digest('base64')}`;

/**
 * Bundles the dashboard with esbuild into `outDir/assets/` under content-hashed names, then writes
 * `outDir/index.html` that references them (atomically, so a server reading it never sees half a
 * file) and removes assets no longer referenced. Deterministic: the same sources give the same names.
 *
 * @example await buildDashboard(); // server/dist/dashboard/index.html and server/dist/dashboard/assets/*
 */
export async function buildDashboard(outDir: string = DEFAULT_OUT_DIR): Promise<DashboardBuild> {
  const assetsDir = join(outDir, 'assets');
  // esbuild writes to a private directory; each file is then renamed into place, which is atomic,
  // so a server (or a parallel build of the same sources) never reads a half-written asset.
  const staging = join(outDir, `.staging-${process.pid}-${Date.now()}`);
  await mkdir(assetsDir, { recursive: true });
  const result = await build({
    entryPoints: ['./app/main.ts', './app/styles.css'].map((entry) =>
      fileURLToPath(new URL(entry, import.meta.url)),
    ),
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    outdir: staging,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const output = (suffix: string) => {
    const found = outputs.find(([, meta]) => meta.entryPoint?.endsWith(suffix));
    if (!found) throw new Error(`the dashboard build produced no output for ${suffix}`);
    return basename(found[0]);
  };
  const script = output('main.ts');
  const stylesheet = output('styles.css');
  for (const [path] of outputs) await rename(join(staging, basename(path)), join(assetsDir, basename(path)));
  await rm(staging, { recursive: true, force: true });
  const html = renderIndexHtml({
    script: { href: `/dashboard/assets/${script}`, integrity: await sri(join(assetsDir, script)) },
    stylesheet: {
      href: `/dashboard/assets/${stylesheet}`,
      integrity: await sri(join(assetsDir, stylesheet)),
    },
  });
  const temporary = join(outDir, `.index-${process.pid}-${Date.now()}.html`);
  await writeFile(temporary, html);
  await rename(temporary, join(outDir, 'index.html'));
  const keep = new Set(outputs.map(([path]) => basename(path)));
  for (const name of await readdir(assetsDir)) {
    if (!keep.has(name)) await rm(join(assetsDir, name), { force: true });
  }
  return { outDir, script, stylesheet };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildDashboard(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT_DIR);
  process.stdout.write(`dashboard built: ${built.outDir} (${built.script}, ${built.stylesheet})\n`);
}
