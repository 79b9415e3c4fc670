// `npx tsx bench/scale-out/main.ts [--quick] [--large N] [--connections N]`: only the PostgreSQL +
// Redis scenarios of `npm run bench`, beside bare node:http, for a quick look at the scale-out figures.
import { availableParallelism, loadavg } from 'node:os';
import { spawnServer } from '../child-server.ts';
import { pickLoadGenerator } from '../load/index.ts';
import { parseOptions } from '../options.ts';
import { formatScaleOut, runScaleOut } from './run-scale-out.ts';

const options = parseOptions(process.argv.slice(2));
const log = (line: string): void => void process.stderr.write(`[scale-out] ${line}\n`);
const generator = pickLoadGenerator(options.tool);
const node = await spawnServer('bench/baselines/node-http.ts');
try {
  log(
    `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs, ${generator.name}, ${options.connections} connections`,
  );
  const rows = await runScaleOut({ ...options, node, largeSize: options.sizes.large, generator, log });
  if (rows) console.log(formatScaleOut(rows));
} finally {
  await node.stop();
}
