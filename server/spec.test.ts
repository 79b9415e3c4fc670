import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSpec, specJson } from './spec.ts';
import { tempDir } from './store/test-support.ts';

const yamlText = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const cacheIn = async () => pathToFileURL(`${await tempDir()}/cache/`);

describe('the spec as the server loads it', () => {
  it('is the parsed openapi.yaml, whether parsed now or read from the cache', async () => {
    const cacheDir = await cacheIn();
    const parsed = specJson(yamlText, cacheDir).json;
    const cached = specJson(yamlText, cacheDir);
    expect(JSON.parse(parsed)).toEqual(parse(yamlText));
    expect(cached.json).toBe(parsed);
    expect(cached.document).toEqual(parse(yamlText));
    expect(loadSpec().json).toBe(parsed);
  });

  it('parses again when the cached form is damaged, and repairs it', async () => {
    const cacheDir = await cacheIn();
    specJson(yamlText, cacheDir);
    const [file] = readdirSync(cacheDir);
    writeFileSync(new URL(file as string, cacheDir), '{"openapi": "3.1');
    expect(JSON.parse(specJson(yamlText, cacheDir).json)).toEqual(parse(yamlText));
    expect(JSON.parse(readFileSync(new URL(file as string, cacheDir), 'utf8'))).toEqual(parse(yamlText));
  });

  it('never serves the form of another text, and keeps only the latest', async () => {
    const cacheDir = await cacheIn();
    specJson(yamlText, cacheDir);
    const edited = yamlText.replace(/^ {2}version: .*$/m, '  version: 9.9.9');
    expect(specJson(edited, cacheDir).document.info.version).toBe('9.9.9');
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(JSON.parse(specJson(yamlText, cacheDir).json)).toEqual(parse(yamlText));
  });
});
