import { escapeData, escapeProperty } from '../command-line/workflow-commands.ts';
import { type Change, countByLevel, LEVELS, type Level } from './change.ts';
import { type ChangeGroup, describeGroup, groupChanges } from './group-changes.ts';

/** The output formats of `course-contract diff`. */
export const DIFF_FORMATS = ['text', 'json', 'github', 'markdown'] as const;
/** One of {@link DIFF_FORMATS}. */
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** What was compared, and what changed. */
export interface DiffResult {
  base: string;
  head: string;
  /** The head document's file, as annotations name it. */
  file: string;
  changes: Change[];
}

const TITLES: Record<Level, string> = {
  breaking: 'Breaking',
  'possibly-breaking': 'Possibly breaking',
  safe: 'Safe',
};
/** The workflow command of each level: breaking changes fail a check, the others inform. */
const COMMANDS: Record<Level, string> = { breaking: 'error', 'possibly-breaking': 'warning', safe: 'notice' };

/** `Breaking: 1 finding (7 changes)`: the groups of a level, and the changes in them. */
function heading(level: Level, groups: readonly ChangeGroup[]): string {
  const changes = groups.reduce((sum, group) => sum + group.places.length, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${TITLES[level]}: ${plural(groups.length, 'finding')} (${plural(changes, 'change')})`;
}

function summary(changes: readonly Change[]): string {
  const counts = countByLevel(changes);
  const s = changes.length === 1 ? '' : 's';
  return `${changes.length} change${s}: ${counts.breaking} breaking, ${counts['possibly-breaking']} possibly breaking, ${counts.safe} safe`;
}

/** The groups of each level that has any, most severe first. */
function byLevel(changes: readonly Change[]): Array<[Level, ChangeGroup[]]> {
  const groups = groupChanges(changes);
  return LEVELS.map((level): [Level, ChangeGroup[]] => [
    level,
    groups.filter((g) => g.first.level === level),
  ]).filter(([, list]) => list.length > 0);
}

function text(result: DiffResult): string {
  const lines = [`${result.base} → ${result.head}: ${summary(result.changes)}`];
  for (const [level, groups] of byLevel(result.changes)) {
    lines.push('', heading(level, groups));
    for (const group of groups)
      lines.push(`  ${result.file}:${group.first.line}  ${describeGroup(group)}  [${group.first.rule}]`);
  }
  return lines.join('\n');
}

function github(result: DiffResult): string {
  const lines = byLevel(result.changes).flatMap(([level, groups]) =>
    groups.map((group) => {
      const title = escapeProperty(`${TITLES[level]} API change (${group.first.rule})`);
      const where = `file=${escapeProperty(result.file)},line=${group.first.line}`;
      return `::${COMMANDS[level]} ${where},title=${title}::${escapeData(describeGroup(group, 10))}`;
    }),
  );
  return [...lines, summary(result.changes)].join('\n');
}

const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(result: DiffResult): string {
  const lines = [
    `### API changes: \`${result.base}\` → \`${result.head}\``,
    '',
    `${summary(result.changes)}.`,
  ];
  for (const [level, groups] of byLevel(result.changes)) {
    lines.push('', `#### ${heading(level, groups)}`, '', '| change | rule | line |', '| --- | --- | --- |');
    for (const group of groups)
      lines.push(
        `| ${cell(describeGroup(group))} | \`${group.first.rule}\` | ${result.file}:${group.first.line} |`,
      );
  }
  return lines.join('\n');
}

/**
 * Renders a diff: a readable summary (`text`), every change as JSON (`json`), GitHub Actions
 * annotations at the head document's lines (`github`: errors for breaking changes, warnings for
 * possibly breaking ones, notices for safe ones), or Markdown for a pull-request comment. Except in
 * JSON, a change met in several operations (a shared schema's) reads as one finding.
 *
 * @example console.log(renderDiff(result, 'github'));
 */
export function renderDiff(result: DiffResult, format: DiffFormat): string {
  if (format === 'github') return github(result);
  if (format === 'markdown') return markdown(result);
  if (format === 'text') return text(result);
  const { base, head, file, changes } = result;
  return JSON.stringify({ base, head, file, counts: countByLevel(changes), changes }, null, 2);
}
