import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks } from '../test-support/docs/markdown.ts';
import { TSC_INIT_OPTIONS } from '../test-support/docs/tsc-init-options.ts';

// What a user pastes from the guides must compile in a project made by `tsc --init` (TypeScript 6),
// importing the packages by their names. The names map to the sources here, so a change to the SDK
// or the mocks that breaks an example fails at once, without a build.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The options `tsc --init` writes, plus Node's types and the DOM, which the examples use. */
const TSC_INIT = {
  ...TSC_INIT_OPTIONS,
  lib: ['esnext', 'dom', 'dom.iterable'],
  // Only for the sources behind the package names, which import each other with `.ts`.
  allowImportingTsExtensions: true,
  noEmit: true,
  paths: {
    '@course-service/sdk': [`${ROOT}sdk/index.ts`],
    '@course-service/sdk/query': [`${ROOT}sdk/query.ts`],
    '@course-service/sdk/zod': [`${ROOT}sdk/zod.ts`],
    '@course-service/sdk/webhooks': [`${ROOT}sdk/webhooks.ts`],
    '@course-service/mocks': [`${ROOT}mocks/index.ts`],
  },
};

/** A snippet to compile: where it is shown, and the file name it gets in the virtual project. */
interface Snippet {
  name: string;
  file: string;
  code: string;
}

/** The runnable TypeScript blocks of a package's README, as files of that package's folder. */
function snippetsOf(pkg: 'sdk' | 'mocks'): Snippet[] {
  const readme = readFileSync(`${ROOT}${pkg}/README.md`, 'utf8');
  return codeBlocks(readme)
    .filter((block) => block.lang === 'ts' && !block.illustrative)
    .map((block) => ({
      name: `${pkg}/README.md:${block.line}`,
      // Beside the package, so `vitest` and `msw` resolve from the repository's node_modules as
      // from a user's; the files exist only in the compiler's host.
      file: `${ROOT}${pkg}/examples/readme-line-${block.line}.ts`,
      code: block.code,
    }));
}

/** Type-checks the snippets as one project; the errors found in each snippet, by its name. */
function compile(snippets: Snippet[]): Record<string, string[]> {
  const { options, errors } = ts.convertCompilerOptionsFromJson(TSC_INIT, ROOT);
  expect(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n'))).toEqual([]);
  const virtual = new Map(snippets.map((s) => [s.file, s.code]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const code = virtual.get(file);
    return code === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, code, language, true);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const found: Record<string, string[]> = { options: [] };
  const report = (name: string, diagnostics: readonly ts.Diagnostic[]) => {
    found[name] = diagnostics.map((diagnostic) => {
      const where = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `${where ? `${where.line + 1}: ` : ''}${text}`;
    });
  };
  report('options', [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]);
  // Only the snippets are checked: the sources behind the package names follow the repository's
  // own options, and a user gets their declarations, whose bodies skipLibCheck leaves alone.
  for (const snippet of snippets) {
    const file = program.getSourceFile(snippet.file);
    report(snippet.name, [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]);
  }
  return found;
}

// A snippet that must not compile, in the same program: proof that the check sees errors.
const BROKEN = {
  name: 'broken',
  file: `${ROOT}sdk/examples/readme-broken.ts`,
  code: [
    "import { createCourseClient } from '@course-service/sdk';",
    "createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.API_KEY, timeout: '5s' });",
    'const key: string = process.env.API_KEY;',
    '',
  ].join('\n'),
};
// Every optional option of the mocks takes `undefined`, as a value read from the environment may be.
const UNDEFINED_OPTIONS = {
  name: 'undefined options',
  file: `${ROOT}mocks/examples/readme-undefined-options.ts`,
  code: [
    "import { createCourseServiceMock, mockApiKey } from '@course-service/mocks';",
    'const unset = (): number | undefined => undefined;',
    "const key = mockApiKey('ci', { prefix: undefined, environment: undefined });",
    "const mock = createCourseServiceMock({ baseUrl: 'http://x.test', apiKeys: [{ key }], overrides: undefined });",
    "mock.scenario('listCourses').rateLimited({ times: unset(), retryAfter: unset() });",
    "mock.scenario('getCourse').unavailable({ times: undefined, retryAfter: undefined }).serverError({ times: unset() });",
    "mock.scenario('createCourse').networkError({ times: undefined }).delay(10, { times: undefined });",
    '',
  ].join('\n'),
};
const snippets = [...snippetsOf('sdk'), ...snippetsOf('mocks')];
let found: Record<string, string[]> = {};
beforeAll(() => {
  found = compile([...snippets, BROKEN, UNDEFINED_OPTIONS]);
}, 120_000);

describe('the guides’ TypeScript examples compile under the options `tsc --init` writes', () => {
  it('every example of the SDK and mocks READMEs, importing the packages by name', () => {
    const counts = ['sdk', 'mocks'].map(
      (pkg) => readdirSync(`${ROOT}${pkg}/examples`).filter((file) => file.endsWith('.ts')).length,
    );
    expect(snippets.length).toBe((counts[0] ?? 0) + (counts[1] ?? 0));
    const { broken: _, 'undefined options': __, ...examples } = found;
    expect(examples).toEqual(Object.fromEntries([['options', []], ...snippets.map((s) => [s.name, []])]));
  });

  it('every optional option of the mocks takes undefined (`times`, `retryAfter`, `mockApiKey`’s)', () => {
    expect(found['undefined options']).toEqual([]);
  });

  it('catches an example that does not compile (the check itself works)', () => {
    expect(found.broken).toEqual([
      expect.stringMatching(/^2: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/^3: Type 'string \| undefined' is not assignable to type 'string'/),
    ]);
  });
});
