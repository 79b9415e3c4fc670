import { relative } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** The parts of a V8 `.cpuprofile` this summary reads. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A function or a package, with its share of the sampled self time. */
export interface SelfTime {
  name: string;
  ms: number;
  percent: number;
  /** For functions: the callers that account for most of it, nearest first. */
  via?: string;
}

/** Where a script URL belongs: its npm package, our file, or a V8 pseudo-frame. */
function owner(url: string, functionName: string, root: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (match) return match[1] ?? path;
  if (path.startsWith('node:')) return 'node core';
  return path.startsWith('/') ? relative(root, path) : path;
}

/**
 * Sums the self time of every function over the samples taken between `fromUs` and `toUs`
 * (V8's monotonic clock, the same as `process.hrtime` on Linux), by function and by package.
 */
export function summariseProfile(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
  root: string,
): { totalMs: number; functions: SelfTime[]; owners: SelfTime[] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const label = (frame: CallFrame): string => {
    const where = owner(frame.url, frame.functionName, root);
    return `${frame.functionName || '(anonymous)'}  ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  };
  const callers = (id: number): string => {
    const chain: string[] = [];
    for (let p = parents.get(id); p !== undefined && chain.length < 4; p = parents.get(p)) {
      const frame = nodes.get(p);
      if (frame?.url) chain.push(label(frame).replace(/ {2}/, ' '));
    }
    return chain.join(' < ');
  };
  const stacks = new Map<string, Map<string, number>>();
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window.fromUs || at > window.toUs) continue;
    const frame = nodes.get(profile.samples[i] ?? -1);
    if (!frame) continue;
    const where = owner(frame.url, frame.functionName, root);
    const name = label(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    const byStack = stacks.get(name) ?? new Map<string, number>();
    stacks.set(name, byStack);
    const stack = callers(profile.samples[i] ?? -1);
    byStack.set(stack, (byStack.get(stack) ?? 0) + delta);
    byOwner.set(where, (byOwner.get(where) ?? 0) + delta);
    total += delta;
  }
  const rank = (map: Map<string, number>): SelfTime[] =>
    [...map]
      .map(([name, us]) => ({ name, ms: us / 1000, percent: total ? (100 * us) / total : 0 }))
      .sort((a, b) => b.ms - a.ms);
  const functions = rank(byFunction).map((f) => {
    const [via] = [...(stacks.get(f.name) ?? [])].sort((a, b) => b[1] - a[1]);
    return via?.[0] ? { ...f, via: via[0] } : f;
  });
  return { totalMs: total / 1000, functions, owners: rank(byOwner) };
}
