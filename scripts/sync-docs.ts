// Copies the configuration table from docs/reference/configuration.md, its one source, into the
// server package's README, which npm shows and which cannot link outside its tarball.
// Run it after editing the reference: `npx tsx scripts/sync-docs.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The configuration reference, the source of the copy. */
export const REFERENCE = new URL('../docs/reference/configuration.md', import.meta.url);
/** The server package's guide, which holds the copy. */
export const SERVER_README = new URL('../server/README.md', import.meta.url);

const START = '<!-- configuration:start -->';
const END = '<!-- configuration:end -->';

/**
 * The text between the configuration markers of a Markdown document (markers excluded).
 * Throws when the document does not hold both markers once, in order.
 *
 * @example configurationSection(readFileSync(REFERENCE, 'utf8'))
 */
export function configurationSection(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start || markdown.indexOf(START, start + 1) >= 0) {
    throw new Error(`expected one '${START}' followed by one '${END}'`);
  }
  return markdown.slice(start + START.length, end);
}

/**
 * `target` with its configuration section replaced by the one of `source`.
 *
 * @example withConfigurationOf(readme, reference) === readme // when the copy is current
 */
export function withConfigurationOf(target: string, source: string): string {
  const current = configurationSection(target);
  const start = target.indexOf(START) + START.length;
  return target.slice(0, start) + configurationSection(source) + target.slice(start + current.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const readme = readFileSync(SERVER_README, 'utf8');
  const synced = withConfigurationOf(readme, readFileSync(REFERENCE, 'utf8'));
  if (synced === readme) console.log(`${fileURLToPath(SERVER_README)} is current`);
  else {
    writeFileSync(SERVER_README, synced);
    console.log(`updated the configuration table of ${fileURLToPath(SERVER_README)}`);
  }
}
