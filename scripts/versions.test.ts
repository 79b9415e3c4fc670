import { readFileSync } from 'node:fs';
import { openApiDocument } from '@course-service/runtime';
import { describe, expect, it } from 'vitest';

// Every package carries the API's version (openapi.yaml's info.version), and the changelog says
// what that version brought.
const ROOT = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');
const { version } = openApiDocument.info as { version: string };

describe('versions', () => {
  it('every package.json carries the API version', () => {
    const root = JSON.parse(read('package.json')) as { workspaces: string[] };
    expect(root.workspaces).toEqual(
      expect.arrayContaining(['runtime', 'sdk', 'mocks', 'server', 'contract-tests']),
    );
    // A private tool of this repository (the bench) is never published and carries no version.
    const manifests = [
      'package.json',
      ...root.workspaces
        .map((dir) => `${dir}/package.json`)
        .filter((manifest) => (JSON.parse(read(manifest)) as { version?: string }).version !== undefined),
    ];
    for (const manifest of manifests) {
      expect([manifest, (JSON.parse(read(manifest)) as { version: string }).version]).toEqual([
        manifest,
        version,
      ]);
    }
  });

  it('CHANGELOG.md has a section for it, and the spec its line', () => {
    expect(read('CHANGELOG.md')).toMatch(
      new RegExp(`^## ${version.replaceAll('.', '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
    expect(openApiDocument.info.description).toContain(`- v${version} — `);
  });
});
