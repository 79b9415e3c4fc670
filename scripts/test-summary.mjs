// Prints vitest's JSON reports (one per CI leg, summed) as the plain closing line CI reads: "N passed, N failed".
// A leg without a report (it could not start: its Node could not be fetched, say) is named on stderr,
// counted on that line, and fails the run.
import { readFileSync } from 'node:fs';

const fields = ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests', 'numTotalTests'];
const report = Object.fromEntries(fields.map((field) => [field, 0]));
let missing = 0;
for (const file of process.argv.slice(2)) {
  let leg;
  try {
    leg = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(
      `no test report at ${file} (${error.code ?? error.message}): that leg did not run to its end`,
    );
    missing++;
    continue;
  }
  for (const field of fields) report[field] += leg[field];
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}` +
    `${missing ? `, ${missing} leg${missing === 1 ? '' : 's'} without a report` : ''}`,
);
if (report.numTotalTests === 0 || missing > 0) process.exitCode = 1;
