import { readFile } from 'node:fs/promises';
import { type Finding, RESPONSE_CHECKS } from './checks.ts';
import { parseCommandLine, UsageError } from './command-line/usage-error.ts';
import type { FailureRecord } from './failure-log.ts';
import type { ContractReport } from './report.ts';
import { loadContractSpec } from './spec.ts';
import { createResponseValidator } from './validator.ts';

const USAGE = `Usage: course-contract replay [options] <report.json>

Sends the first failure of each cause in a JSON report (course-contract --report) again, checks the
answer as the run did, and prints which causes still fail and which now pass (the checks on every
answer; a failure of another check is sent again, and the suite judges it). Credentials come
from COURSE_API_KEY and COURSE_ID_TOKEN, as in the report's curl commands.

Options:
  --base-url URL   where to send them (default: the base URL the run checked)
  -h, --help       this text

Exit codes: 0 every cause now passes, 1 a cause still fails, 64 a wrong command line or a
credential variable that is not set.`;

/** The recorded headers with the credential variables filled in from `env`. */
function headersOf(record: FailureRecord, env: Record<string, string | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record.request.headers)) {
    headers.set(
      name,
      value.replace(/\$(COURSE_[A-Z_]+)/g, (_, variable: string) => {
        const secret = env[variable];
        if (!secret)
          throw new UsageError(
            `${record.operationId ?? record.request.path} sends $${variable}: set it to a credential the server accepts`,
          );
        return secret;
      }),
    );
  }
  return headers;
}

/**
 * Runs `course-contract replay`: each cause's first failure sent again to the run's base URL (or
 * `--base-url`), judged by the same check; returns 1 while any still fails.
 *
 * @example process.exitCode = await runReplayCommand(['reports/contract.json', '--base-url', 'http://127.0.0.1:3000']);
 */
export async function runReplayCommand(args: string[], env = process.env): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args,
    allowPositionals: true,
    options: { 'base-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('needs one report, the file --report wrote');
  const report = JSON.parse(await readFile(positionals[0] as string, 'utf8')) as ContractReport;
  const baseUrl = (values['base-url'] ?? report.baseUrl).replace(/\/$/, '');
  const spec = loadContractSpec();
  const validator = createResponseValidator(spec);
  let failing = 0;
  let unjudged = 0;
  for (const cause of report.causes ?? []) {
    const { request } = cause.first;
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: headersOf(cause.first, env),
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const body = await response.text();
    const operation = spec.find(request.method, request.path.split('?')[0] ?? '');
    const findings: Finding[] = validator.findings(operation, {
      status: response.status,
      headers: response.headers,
      body,
    });
    if (response.status >= 500)
      findings.push({ check: 'no-server-error', message: `status ${response.status}` });
    const name = `${cause.operationId ?? '(no operation)'} [${cause.check}] ${cause.observed}`;
    // The checks on every answer are judged here; the others need the suite's sequence of requests.
    if (!(RESPONSE_CHECKS as readonly string[]).includes(cause.check)) {
      unjudged++;
      // A hand-written scenario is found by its test's name, which its finding starts with.
      const grep = cause.check === 'scenario' ? cause.first.expectation.split(': ')[0] : cause.check;
      process.stdout.write(
        `sent again     ${name}: answered ${response.status}; run the suite (--grep '${grep}') to judge it\n`,
      );
      continue;
    }
    const still = findings.filter((finding) => finding.check === cause.check);
    if (still.length > 0) failing++;
    process.stdout.write(
      still.length > 0
        ? `still failing  ${name}: ${still.map((f) => f.message).join('; ')}\n`
        : `now passing    ${name} (answered ${response.status})\n`,
    );
  }
  const causes = report.causes?.length ?? 0;
  const judged = `${failing} still failing, ${causes - failing - unjudged} now passing`;
  process.stdout.write(
    `${judged}${unjudged > 0 ? `, ${unjudged} sent again unjudged` : ''}, against ${baseUrl}\n`,
  );
  return failing > 0 ? 1 : 0;
}
