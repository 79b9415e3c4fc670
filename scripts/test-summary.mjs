// Prints vitest's JSON reports (one per CI leg, summed) as the plain closing line CI reads: "N passed, N failed".
import { readFileSync } from 'node:fs';

const fields = ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests', 'numTotalTests'];
const report = Object.fromEntries(fields.map((field) => [field, 0]));
for (const file of process.argv.slice(2)) {
  const leg = JSON.parse(readFileSync(file, 'utf8'));
  for (const field of fields) report[field] += leg[field];
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
if (report.numTotalTests === 0) process.exitCode = 1;
