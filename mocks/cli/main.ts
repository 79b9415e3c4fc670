#!/usr/bin/env node
// `course-mock serve`: the mocks over HTTP, for tests in any language. The only file of the package
// that reads the command line, listens on a port or handles signals.
import { serveCourseServiceMock } from './mock-server.ts';
import { parseServeOptions, SERVE_USAGE, UsageError } from './serve-options.ts';

const USAGE = `Usage: course-mock serve [options]   (course-mock serve --help for the options)\n`;

/** Runs the command; resolves with its exit code once the server has closed on SIGINT or SIGTERM. */
async function courseMock(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n${SERVE_USAGE}`);
    return 0;
  }
  if (command !== 'serve') {
    process.stderr.write(`course-mock: ${command ? `unknown command '${command}'` : 'no command'}\n${USAGE}`);
    return 2;
  }
  let server: Awaited<ReturnType<typeof serveCourseServiceMock>>;
  try {
    const options = parseServeOptions(rest);
    if (options === 'help') {
      process.stdout.write(SERVE_USAGE);
      return 0;
    }
    server = await serveCourseServiceMock(options);
  } catch (error) {
    // Options the mock refuses (a malformed key in the seed file, an unknown operation) are usage too.
    const usage = error instanceof UsageError || error instanceof TypeError;
    process.stderr.write(`course-mock: ${(error as Error).message}\n${usage ? USAGE : ''}`);
    return usage ? 2 : 1;
  }
  process.stdout.write(`course-mock listening on ${server.url}\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  process.stdout.write(`course-mock stopped (${signal})\n`);
  return 0;
}

process.exitCode = await courseMock(process.argv.slice(2));
