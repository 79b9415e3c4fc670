#!/usr/bin/env node
// The `course-service` command: the only module that reads process.env and the process's own
// arguments; `serve` (the default) listens and handles the signals.
import { processContext, runCli } from './cli/run-cli.ts';

process.exitCode = await runCli(process.argv.slice(2), processContext());
