#!/usr/bin/env node
// The `course-contract` command: runs the TypeScript CLI through tsx, as `npm run contract` does.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
