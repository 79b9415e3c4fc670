import { defineConfig } from '@hey-api/openapi-ts';

/**
 * Generates the SDK core in `sdk/gen/` from the contract. `npm run generate` runs it, and `.ci/run`
 * fails when the committed output differs from a fresh run.
 */
export default defineConfig({
  input: './openapi.yaml',
  output: {
    path: './sdk/gen',
    // The hand-written `sdk/index.ts` is the public entry point, so no generated barrel competes with it.
    entryFile: false,
    // Our tsconfig resolves with NodeNext and allows `.ts` specifiers; the SDK is consumed from source.
    module: { extension: '.ts' },
    clean: true,
  },
  plugins: [
    '@hey-api/typescript',
    '@hey-api/client-fetch',
    // `auth: true` emits each operation's security schemes so the client can attach the credential.
    { name: '@hey-api/sdk', auth: true },
    // `@course-service/sdk/zod`: a schema of every request and response, in a file of its own that
    // only that entry imports (the SDK's functions do not validate, so the main entry needs no zod).
    { name: 'zod', requests: true, responses: true },
  ],
});
