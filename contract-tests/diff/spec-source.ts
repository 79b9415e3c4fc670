import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

const run = promisify(execFile);

/** An OpenAPI document read from a file or from git, with the line of each of its nodes. */
export interface SpecSource {
  /** How it was named: `openapi.yaml`, `git:main:openapi.yaml`. */
  name: string;
  /** The file it is, relative to the repository (for annotations): `openapi.yaml`. */
  file: string;
  document: Record<string, unknown>;
  /** The 1-based line of the deepest node of `path` that exists (the document's first line when none does). */
  lineOf(path: readonly string[]): number;
}

/** The text of a source: a file, or `git:<ref>:<path>` read with `git show` in `cwd`. */
async function readText(source: string, cwd: string): Promise<{ text: string; file: string }> {
  const git = /^git:(.+):([^:]+)$/.exec(source);
  if (!git) {
    try {
      return { text: await readFile(resolve(cwd, source), 'utf8'), file: source };
    } catch (error) {
      throw new Error(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  const [, ref, file] = git as unknown as [string, string, string];
  try {
    const { stdout } = await run('git', ['show', `${ref}:${file}`], { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { text: stdout, file };
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr ?? error)
      .trim()
      .split('\n')[0];
    throw new Error(`cannot read ${source}: ${reason}`);
  }
}

/**
 * Reads an OpenAPI document (YAML or JSON) from a file or from git (`git:<ref>:<path>`), keeping the
 * position of every node so changes can be reported at their line.
 *
 * @example const head = await readSpecSource('openapi.yaml'); head.lineOf(['paths', '/healthz', 'get']);
 */
export async function readSpecSource(source: string, cwd = process.cwd()): Promise<SpecSource> {
  const { text, file } = await readText(source, cwd);
  const lineCounter = new LineCounter();
  const parsed = parseDocument(text, { lineCounter });
  if (parsed.errors.length > 0)
    throw new Error(`${source} is not YAML or JSON: ${parsed.errors[0]?.message}`);
  const document = parsed.toJS({ maxAliasCount: -1 }) as unknown;
  if (typeof document !== 'object' || document === null || !('paths' in document))
    throw new Error(`${source} is not an OpenAPI document (no paths)`);
  return {
    name: source,
    file,
    document: document as Record<string, unknown>,
    lineOf(path) {
      let node: unknown = parsed.contents;
      let offset = 0;
      for (const segment of path) {
        if (isMap(node)) {
          const pair = node.items.find(
            (item) => String(isScalar(item.key) ? item.key.value : item.key) === segment,
          );
          if (!pair) break;
          offset = (pair.key as Node).range?.[0] ?? offset;
          node = pair.value;
        } else if (isSeq(node)) {
          const item = node.items[Number(segment)] as Node | undefined;
          if (!item) break;
          offset = item.range?.[0] ?? offset;
          node = item;
        } else break;
      }
      return Math.max(lineCounter.linePos(offset).line, 1);
    },
  };
}
