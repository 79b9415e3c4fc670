import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './child-server.ts';
import { type IndexEntry, renderIndex, renderResult, resultStem } from './result-markdown.ts';
import type { BenchRun, Machine, RunMeta } from './run-meta.ts';

/** Where `npm run bench` writes its results and their index. */
export const resultsDir = join(repoRoot, 'bench/results');

/** The machine this process runs on. */
export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpuModel: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    cpus: availableParallelism(),
    platform: `${platform()} ${release()}`,
    memoryGb: totalmem() / 2 ** 30,
  };
}

/**
 * The checkout measured, or `undefined` outside git. Changes under bench/results/ do not make it
 * dirty: they are earlier runs' files, not code that ran.
 */
export function describeCommit(cwd = repoRoot): RunMeta['commit'] {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
    const sha = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', '.', ':(exclude)bench/results').length > 0;
    return { sha, dirty };
  } catch {
    return undefined;
  }
}

/**
 * Writes a run as `<stem>.json` and `<stem>.md` (rendered from that JSON, so the page always says
 * what the file holds) in `dir`, then rewrites `dir/README.md`, the index of every run there.
 * Returns the Markdown page's path.
 */
export async function writeResults(run: BenchRun, dir = resultsDir): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stem = resultStem(run.meta);
  const json = `${JSON.stringify(run, null, 2)}\n`;
  await writeFile(join(dir, `${stem}.json`), json);
  const page = join(dir, `${stem}.md`);
  await writeFile(page, renderResult(JSON.parse(json) as BenchRun, `${stem}.json`));
  await writeFile(join(dir, 'README.md'), renderIndex(await readEntries(dir)));
  return page;
}

/**
 * Renders every page in `dir` again from its JSON, and the index: for when the rendering changes.
 * Returns how many pages it wrote.
 */
export async function renderAgain(dir = resultsDir): Promise<number> {
  const entries = await readEntries(dir);
  for (const { stem } of entries) {
    const run = JSON.parse(await readFile(join(dir, `${stem}.json`), 'utf8')) as BenchRun;
    await writeFile(join(dir, `${stem}.md`), renderResult(run, `${stem}.json`));
  }
  await writeFile(join(dir, 'README.md'), renderIndex(entries));
  return entries.length;
}

/** Every run in `dir` that has both its JSON and its page. */
async function readEntries(dir: string): Promise<IndexEntry[]> {
  const files = new Set(await readdir(dir));
  const stems = [...files].filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
  return Promise.all(
    stems
      .filter((stem) => files.has(`${stem}.md`))
      .map(async (stem) => {
        const { meta } = JSON.parse(await readFile(join(dir, `${stem}.json`), 'utf8')) as BenchRun;
        return { stem, meta };
      }),
  );
}
