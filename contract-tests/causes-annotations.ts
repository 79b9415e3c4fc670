import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { escapeData, escapeProperty } from './command-line/workflow-commands.ts';
import type { Cause } from './failure-log.ts';
import type { ContractSpec } from './spec.ts';

/** The line of each operation (`paths/<template>/<method>`) in the spec file. */
function operationLines(file: URL, spec: ContractSpec): Map<string, number> {
  const lineCounter = new LineCounter();
  const document = parseDocument(readFileSync(file, 'utf8'), { lineCounter });
  const lines = new Map<string, number>();
  const paths = document.get('paths', true);
  if (!isMap(paths)) return lines;
  for (const op of spec.operations) {
    const item = paths.items.find((pair) => isScalar(pair.key) && pair.key.value === op.path)?.value;
    const method = isMap(item)
      ? item.items.find((pair) => isScalar(pair.key) && pair.key.value === op.method.toLowerCase())
      : undefined;
    const offset = isScalar(method?.key) ? method.key.range?.[0] : undefined;
    if (offset !== undefined) lines.set(op.operationId, lineCounter.linePos(offset).line);
  }
  return lines;
}

/**
 * The causes as GitHub Actions workflow commands: an `::error` per cause at its operation's line in
 * the spec file (named relative to the working directory), with the expectation and the `curl`.
 *
 * @example console.log(causeAnnotations(report.causes, spec, SPEC_FILE));
 */
export function causeAnnotations(causes: readonly Cause[], spec: ContractSpec, file: URL): string {
  const lines = operationLines(file, spec);
  const name = relative(process.cwd(), fileURLToPath(file));
  return causes
    .map((cause) => {
      const line = cause.operationId ? lines.get(cause.operationId) : undefined;
      const where = `file=${escapeProperty(name)}${line ? `,line=${line}` : ''}`;
      const title = escapeProperty(
        `Contract: ${cause.operationId ?? '(no operation)'} [${cause.check}] ${cause.observed}`,
      );
      const message = `${cause.failures} failure(s); expected: ${cause.first.expectation}\nreproduce: ${cause.first.curl}`;
      return `::error ${where},title=${title}::${escapeData(message)}`;
    })
    .join('\n');
}
