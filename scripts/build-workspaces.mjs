// `node scripts/build-workspaces.mjs`: runs every workspace's `build` script (npm runs them one after
// the other, in the order package.json lists them), each as soon as the workspaces it depends on are
// built, the rest at once; prints each one's output whole when it ends, and fails if any build fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const manifest = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const { workspaces } = manifest('../package.json');
const names = new Map(
  workspaces.map((workspace) => [manifest(`../${workspace}/package.json`).name, workspace]),
);
/** The workspaces each workspace needs built first: those its dependencies of any kind name. */
const needs = new Map(
  workspaces.map((workspace) => {
    const { dependencies, devDependencies, peerDependencies } = manifest(`../${workspace}/package.json`);
    const named = Object.keys({ ...dependencies, ...devDependencies, ...peerDependencies });
    return [workspace, named.filter((name) => names.has(name)).map((name) => names.get(name))];
  }),
);

function run(workspace) {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  const child = spawn(command, [...args, 'run', 'build', '--if-present', '-w', workspace], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.once('close', (code) => {
      process.stdout.write(output);
      if (code === 0) resolve();
      else reject(new Error(`the build of ${workspace} failed (exit status ${code})`));
    }),
  );
}

const builds = new Map();
const build = (workspace) => {
  if (!builds.has(workspace))
    builds.set(
      workspace,
      Promise.all(needs.get(workspace).map(build)).then(() => run(workspace)),
    );
  return builds.get(workspace);
};
const results = await Promise.allSettled(workspaces.map(build));
const failures = [...new Set(results.filter((r) => r.status === 'rejected').map((r) => r.reason.message))];
for (const failure of failures) process.stderr.write(`${failure}\n`);
process.exitCode = failures.length > 0 ? 1 : 0;
