import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where this run keeps each package's tarball, packed once for every test file (see packed-once.ts). */
    packedDir: string;
  }
}

/**
 * Vitest global setup of the `packages` project: a folder for the run's tarballs, removed when the
 * run ends. It packs nothing itself: the first test file that needs a package packs it.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'course-packed-'));
  project.provide('packedDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
