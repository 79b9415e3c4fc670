import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../core/index.ts';

// Every package carries the API's version (openapi.yaml's info.version), and the changelog says
// what that version brought.
const ROOT = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');
const { version } = openApiDocument.info as { version: string };

describe('versions', () => {
  it('every package.json carries the API version', () => {
    const manifests = [
      'package.json',
      ...['sdk', 'mocks', 'server', 'contract-tests'].map((dir) => `${dir}/package.json`),
    ];
    const root = JSON.parse(read('package.json')) as { workspaces: string[] };
    // A private workspace (the bench) is a tool of this repository: never published, no version.
    const published = root.workspaces
      .map((dir) => `${dir}/package.json`)
      .filter((manifest) => !(JSON.parse(read(manifest)) as { private?: boolean }).private);
    expect(published.sort()).toEqual(manifests.slice(1).sort());
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
