import { parseArgs } from 'node:util';
import { runFuzz } from './engine.ts';
import { formatReport } from './report.ts';
import { fuzzTarget } from './targets.ts';

const USAGE = `Usage: npm run fuzz -- [--target server|mocks|URL] [--seconds 60] [--runs N] [--seed N]
                     [--database-url postgres://… [--redis-url redis://…]]

--database-url and --redis-url put the built-in server on PostgreSQL and Redis (use a throwaway
database: the fuzzer writes to it); without them it runs on sql.js.

Generates requests for every operation of openapi.yaml (valid and invalid, with and without each
credential) and checks every response. Exits 1 when it finds a failure, printing each as a curl line.`;

function positive(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, got '${raw}'`);
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      target: { type: 'string', default: 'server' },
      seconds: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const options = {
    seconds: positive('seconds', values.seconds) ?? 60,
    runs: positive('runs', values.runs),
    seed: positive('seed', values.seed),
    log: (line: string) => console.log(line),
  };
  const target = await fuzzTarget(values.target, {
    DATABASE_URL: values['database-url'],
    REDIS_URL: values['redis-url'],
  });
  console.log(`Fuzzing ${target.name} for up to ${options.seconds} s`);
  try {
    const report = await runFuzz(target, options);
    console.log(formatReport(report));
    return report.failures.length === 0 ? 0 : 1;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    console.error(USAGE);
    process.exit(2);
  },
);
