// The release rule, run by .ci/run: the API's contract (openapi.yaml) changes only with a new
// info.version, never incompatibly. Run it with `npx tsx scripts/release-rule.ts`.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type ChangeGroup,
  describeGroup,
  diffSpecs,
  groupChanges,
  readSpecSource,
  type SpecSource,
} from '@course-service/contract-tests';

const run = promisify(execFile);
const SPEC = 'openapi.yaml';
const PACKAGES = [
  'package.json',
  'sdk/package.json',
  'mocks/package.json',
  'server/package.json',
  'contract-tests/package.json',
];

/** A release: the commit that set `info.version`, and the contract as it had it. */
interface Release {
  commit: string;
  version: string;
  spec: SpecSource;
}

/** What the rule found: the problems that fail it, and what it compared. */
export interface ReleaseRuleResult {
  problems: string[];
  notes: string[];
}

const git = async (cwd: string, args: string[]) =>
  (await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
const versionOf = (spec: SpecSource) =>
  String((spec.document.info as { version?: unknown } | undefined)?.version);

/**
 * The releases on the current branch's line, newest first: each commit whose `openapi.yaml` has an
 * `info.version` its first parent's did not (git's `-G` finds the candidates; parsing confirms).
 */
async function releases(cwd: string, limit: number): Promise<Release[]> {
  const log = await git(cwd, ['log', '--first-parent', '--format=%H', '-G^  version:', '--', SPEC]);
  const found: Release[] = [];
  for (const commit of log.split('\n').filter(Boolean)) {
    const spec = await readSpecSource(`git:${commit}:${SPEC}`, cwd);
    const parent = await readSpecSource(`git:${commit}^:${SPEC}`, cwd).catch(() => undefined);
    if (parent && versionOf(parent) === versionOf(spec)) continue;
    found.push({ commit, version: versionOf(spec), spec });
    if (found.length === limit) break;
  }
  return found;
}

const parse = (version: string) => version.split('.').map(Number) as [number, number, number];
const next = (version: string, level: 'minor' | 'patch') => {
  const [major, minor, patch] = parse(version);
  return level === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
};
/** Whether `to` is at least the bump `level` above `from`. */
function bumped(from: string, to: string, level: 'minor' | 'patch'): boolean {
  const [a, b, c] = parse(from);
  const [x, y, z] = parse(to);
  if (x !== a) return x > a;
  if (level === 'minor') return y > b;
  return y > b || (y === b && z > c);
}

const at = (spec: SpecSource, group: ChangeGroup) =>
  `${spec.file}:${group.first.line}: ${describeGroup(group)} [${group.first.rule}]`;

/** The problems of going from `base` (released as `from`) to `head` (carrying `to`). */
function checkStep(base: Release, head: SpecSource, label: string): string[] {
  const changes = diffSpecs(base.spec, head);
  const groups = groupChanges(changes);
  const problems = groups
    .filter((group) => group.first.level === 'breaking')
    .map(
      (group) =>
        `${at(head, group)}: a breaking change; a breaking API gets a new base path (/api/v2), never a new version of this one`,
    );
  if (changes.length === 0) return problems;
  const level = changes.some((change) => !change.documentation) ? 'minor' : 'patch';
  const to = versionOf(head);
  if (!bumped(base.version, to, level)) {
    const what =
      level === 'minor' ? 'a minor bump (additions)' : 'a patch bump (descriptions and examples only)';
    const first = groups.find((group) => level === 'patch' || !group.first.documentation) as ChangeGroup;
    problems.push(
      `${label}: the contract changed since v${base.version} (released at ${base.commit.slice(0, 7)}) and needs ${what}: ` +
        `set info.version to ${next(base.version, level)} (or later), with its entries in the spec's changelog and CHANGELOG.md. ` +
        `First change: ${at(head, first)}`,
    );
  }
  return problems;
}

/** The changelog entries and package versions that go with `version`. */
async function checkVersionRecords(cwd: string, head: SpecSource): Promise<string[]> {
  const version = versionOf(head);
  const problems: string[] = [];
  const description = String((head.document.info as { description?: unknown }).description ?? '');
  if (!description.includes(`- v${version} — `))
    problems.push(
      `${SPEC}: the changelog in info.description has no entry "- v${version} — <date> — <what changed>"`,
    );
  const changelog = await readFile(join(cwd, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## ${version.replaceAll('.', '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(changelog))
    problems.push(`CHANGELOG.md: no section "## ${version} - <date>"`);
  for (const manifest of PACKAGES) {
    const text = await readFile(join(cwd, manifest), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const { version: own } = JSON.parse(text) as { version?: string };
    if (own !== version) problems.push(`${manifest}: version ${own} does not follow info.version ${version}`);
  }
  return problems;
}

/**
 * Checks the release rule in the repository at `cwd`: the contract in the working tree against the
 * last release (the commit that last set `info.version`), and that release against the one before.
 * A breaking change fails; a change without a version bump (minor for additions, patch for
 * descriptions and examples) fails asking for it; the version needs its changelog entries, and every
 * package carries it.
 *
 * @example const { problems } = await checkReleaseRule(process.cwd());
 */
export async function checkReleaseRule(cwd: string): Promise<ReleaseRuleResult> {
  const head = await readSpecSource(SPEC, cwd);
  const [last, previous] = await releases(cwd, 2);
  const problems: string[] = [];
  const notes: string[] = [];
  if (!last) {
    notes.push(`no commit sets info.version in this history: v${versionOf(head)} is the first release`);
  } else if (last.version !== versionOf(head)) {
    // info.version changed in the working tree: it is the next release.
    problems.push(...checkStep(last, head, 'working tree'));
    notes.push(`v${versionOf(head)} (working tree) against v${last.version} (${last.commit.slice(0, 7)})`);
  } else {
    problems.push(...checkStep(last, head, `since ${last.commit.slice(0, 7)}`));
    if (previous) problems.push(...checkStep(previous, last.spec, `release ${last.commit.slice(0, 7)}`));
    notes.push(
      `v${last.version} released at ${last.commit.slice(0, 7)}${previous ? `, against v${previous.version} (${previous.commit.slice(0, 7)})` : ''}; the working tree against it`,
    );
  }
  problems.push(...(await checkVersionRecords(cwd, head)));
  return { problems, notes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, notes } = await checkReleaseRule(process.cwd());
  for (const note of notes) console.log(`release rule: ${note}`);
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'release rule: passed' : `release rule: ${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
