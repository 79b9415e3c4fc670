import { parseCommandLine, UsageError } from '../command-line/usage-error.ts';
import { LEVELS, type Level } from './change.ts';
import { diffSpecs } from './diff-specs.ts';
import { DIFF_FORMATS, type DiffFormat, renderDiff } from './render-diff.ts';
import { readSpecSource } from './spec-source.ts';

const USAGE = `Usage: course-contract diff [options] <base> <head>

Compares two OpenAPI documents and classifies every change, from a client's side, as breaking,
possibly breaking or safe. <base> and <head> are files (YAML or JSON), or git:<ref>:<path> for a
file as a commit has it (git:main:openapi.yaml).

Options:
  --format text|json|github|markdown   how to print the changes (default text; github prints
                                       workflow annotations at the lines of <head>)
  --fail-on breaking|possibly-breaking exit 1 when a change is at least that severe
  -h, --help                           this text

Exit codes: 0 compared (and nothing reached --fail-on), 1 a change reached --fail-on,
64 a wrong command line, 66 a document that cannot be read.`;

/**
 * Runs `course-contract diff`: prints the changes between two documents in the chosen format and
 * returns the exit code.
 *
 * @example process.exitCode = await runDiffCommand(['git:main:openapi.yaml', 'openapi.yaml', '--fail-on', 'breaking']);
 */
export async function runDiffCommand(args: string[], cwd = process.cwd()): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'text' },
      'fail-on': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = values.format as DiffFormat;
  if (!DIFF_FORMATS.includes(format))
    throw new UsageError(`--format must be one of ${DIFF_FORMATS.join(', ')}, got '${format}'`);
  const failOn = values['fail-on'] as Level | undefined;
  if (failOn !== undefined && (failOn === 'safe' || !LEVELS.includes(failOn)))
    throw new UsageError(`--fail-on must be breaking or possibly-breaking, got '${failOn}'`);
  if (positionals.length !== 2)
    throw new UsageError(
      `needs two documents, <base> and <head>; got ${positionals.length} (see course-contract diff --help)`,
    );
  let sources: Awaited<ReturnType<typeof readSpecSource>>[];
  try {
    sources = await Promise.all(positionals.map((source) => readSpecSource(source, cwd)));
  } catch (error) {
    process.stderr.write(`course-contract diff: ${(error as Error).message}\n`);
    return 66;
  }
  const [base, head] = sources as [(typeof sources)[0], (typeof sources)[0]];
  const changes = diffSpecs(base, head);
  process.stdout.write(
    `${renderDiff({ base: base.name, head: head.name, file: head.file, changes }, format)}\n`,
  );
  if (failOn === undefined) return 0;
  const severe = LEVELS.slice(0, LEVELS.indexOf(failOn) + 1);
  return changes.some((change) => severe.includes(change.level)) ? 1 : 0;
}
