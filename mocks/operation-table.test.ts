import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createCourseServiceMock } from './index.ts';
import { operations } from './operations/index.ts';
import { renderSpecModule } from './scripts/embed-spec.ts';

const yamlText = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const spec = parse(yamlText) as {
  paths: Record<string, Record<string, { operationId: string; 'x-handled-by'?: string }>>;
};
const specOperations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      handledBy: op['x-handled-by'],
    })),
);

describe('derived from the spec', () => {
  it('embeds exactly what openapi.yaml says (run `npm run generate:mocks` when this fails)', () => {
    expect(readFileSync(new URL('./spec.gen.ts', import.meta.url), 'utf8')).toBe(renderSpecModule(yamlText));
  });

  it('has one msw handler per operation of the spec, at the spec path under the base URL', () => {
    const mock = createCourseServiceMock({ baseUrl: 'https://api.example.com/cms/' });
    const routes = mock.handlers.map((handler) => `${handler.info.method} ${handler.info.path}`);
    for (const op of specOperations) {
      expect(routes).toContain(
        `${op.method} https://api.example.com/cms${op.path.replace(/\{(\w+)\}/g, ':$1')}`,
      );
    }
    // The operations, then POST /dev/token, then 404/405 for everything else under the base URL.
    expect(routes.slice(specOperations.length)).toEqual([
      'POST https://api.example.com/cms/dev/token',
      '/.+/ https://api.example.com/cms/*',
    ]);
  });

  it('implements every REST operation and no other', () => {
    const rest = specOperations.filter((op) => op.handledBy === undefined).map((op) => op.operationId);
    expect(Object.keys(operations).sort()).toEqual(rest.sort());
  });
});
