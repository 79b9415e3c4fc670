import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's consumer test is `examples/consumer.test.ts` (which runs in this suite), with the
// imports written as a user of the package writes them.
// The section "Testing your app without the service" of the top-level README, up to the next section.
const readme =
  /\n## Testing your app without the service\n[\s\S]*?(?=\n## )/.exec(
    readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
  )?.[0] ?? '';
const example = readFileSync(new URL('./examples/consumer.test.ts', import.meta.url), 'utf8')
  .replaceAll("'../../sdk/index.ts'", "'@course-service/sdk'")
  .replaceAll("'../index.ts'", "'@course-service/mocks'");

describe('README section "Testing your app without the service"', () => {
  it('shows the consumer example test verbatim, with the published imports', () => {
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks).toEqual([example]);
    expect(example).not.toMatch(/from '\.\.?\//);
  });
});
