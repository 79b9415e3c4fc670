/**
 * The compiler options TypeScript 6's `tsc --init` writes (the strictest a new project starts
 * with, `exactOptionalPropertyTypes` included), plus Node's types: what the guides' TypeScript
 * examples must compile under. Each test adds what its setting needs (`lib`, `paths`, `noEmit`).
 *
 * @example const options = { ...TSC_INIT_OPTIONS, noEmit: true };
 */
export const TSC_INIT_OPTIONS = {
  module: 'nodenext',
  target: 'esnext',
  types: ['node'],
  sourceMap: true,
  declaration: true,
  declarationMap: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  strict: true,
  jsx: 'react-jsx',
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: 'force',
  skipLibCheck: true,
} as const;
