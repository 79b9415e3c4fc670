import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSpecModule } from './embed-spec.ts';

describe('the embedded spec', () => {
  it('is exactly what openapi.yaml says (run `npm run generate` when this fails)', () => {
    const yamlText = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
    const embedded = readFileSync(new URL('../runtime/core/spec/spec.gen.ts', import.meta.url), 'utf8');
    expect(embedded).toBe(renderSpecModule(yamlText));
  });
});
