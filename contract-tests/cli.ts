#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { courseContract } from './course-contract.ts';

// The package root, so the command works from any directory once the package is installed.
const root = fileURLToPath(new URL('..', import.meta.url));
process.exit(await courseContract(process.argv.slice(2), { root }));
