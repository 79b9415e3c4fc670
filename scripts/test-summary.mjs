// Prints vitest's JSON report as the plain closing line CI reads: "N passed, N failed".
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
if (report.numTotalTests === 0) process.exitCode = 1;
