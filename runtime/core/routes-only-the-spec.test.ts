import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The core's entry is route → pipeline → answer, for the spec's operations only. What one adapter
// serves besides (the development identity provider's `/dev` routes) and what one protocol needs
// of browsers (CORS, preflights, `Origin` checks, challenge parameters) live in the adapters:
// `server/auth/dev-identity-routes.ts`, `server/mcp/mcp-browser-guard.ts` and `mocks/`.

const CORE = fileURLToPath(new URL('.', import.meta.url));
/** Every hand-written source file of the core, by path under `runtime/core/`, with its text. */
const SOURCES = readdirSync(CORE, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.gen.ts'))
  .map((path) => ({ path, text: readFileSync(`${CORE}${path}`, 'utf8') }));

/** The core's files whose text matches `pattern`. */
const filesMatching = (pattern: RegExp) =>
  SOURCES.filter(({ text }) => pattern.test(text)).map(({ path }) => path);

describe('the core', () => {
  it('reads its own sources: the entry, the pipeline and the ports are among them', () => {
    const paths = SOURCES.map(({ path }) => path);
    expect(paths).toEqual(
      expect.arrayContaining(['handle-request.ts', 'pipeline/run-pipeline.ts', 'model/ports.ts']),
    );
  });

  it('serves no /dev route: the development identity provider is routed by each adapter', () => {
    expect(filesMatching(/\/dev\b|dev-identity|devIdentity/)).toEqual([]);
  });

  it('has no CORS, preflight or Origin code', () => {
    expect(filesMatching(/access-control-/i)).toEqual([]);
    expect(filesMatching(/\borigin\b['"]?\]|\.origin\b|get\(['"]origin['"]\)|['"]origin['"]/i)).toEqual([]);
  });

  it("writes no protocol's challenge: the only WWW-Authenticate it sets is the authenticator's own", () => {
    expect(filesMatching(/['"]WWW-Authenticate['"]/)).toEqual(['auth/authenticator.ts']);
    expect(filesMatching(/resource_metadata=|challenge\?*\(/)).toEqual([]);
  });

  it('asks a protocol for its answer and nothing else', () => {
    const ports = SOURCES.find(({ path }) => path === 'model/ports.ts')?.text ?? '';
    const protocol = /export interface Protocol \{([^}]*)\}/.exec(ports)?.[1] ?? '';
    const members = [...protocol.matchAll(/^ {2}(\w+)\??\(/gm)].map((match) => match[1]);
    expect(members).toEqual(['answer']);
  });
});
