import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserBundleOptions } from '../scripts/browser-bundle.ts';
import {
  type ServiceWorkerPage,
  serveServiceWorkerPage,
} from '../test-support/browser/service-worker-page.ts';
import { codeBlocks } from '../test-support/docs/markdown.ts';
import { mockCourseService } from './examples/playwright.ts';
import { mockApiKey } from './index.ts';

// The guide's examples are the files in `examples/`, with the imports written as a user of the
// packages writes them. The Node ones are test files, which run in this repository's suite as in a
// user's; the browser one runs here, in headless Chromium with msw's service worker, and so does the
// Playwright recipe, driving a page from this process. The Python example and the curl session of
// the mock server run in cli/other-languages.test.ts. Every other block of the README is marked
// illustrative; examples-compile.test.ts (sdk/) type-checks them all.
const examplesDir = new URL('./examples/', import.meta.url);
const blocks = codeBlocks(readFileSync(new URL('./README.md', import.meta.url), 'utf8'));
const files = readdirSync(examplesDir).filter((f) => f.endsWith('.ts'));
const asPublished = (source: string) =>
  source
    .replaceAll("'../../sdk/index.ts'", "'@course-service/sdk'")
    .replaceAll("'../index.ts'", "'@course-service/mocks'");

/** The examples that are no test files of their own, and the test below that runs them. */
const BROWSER_EXAMPLES = ['browser.ts', 'playwright.ts'];

describe('README', () => {
  it('runs every block it shows: each unmarked block is TypeScript, Python or a shell session, the rest are marked illustrative', () => {
    const unmarked = blocks.filter(
      (block) => !block.illustrative && !['ts', 'python', 'sh'].includes(block.lang),
    );
    expect(unmarked.map((block) => `line ${block.line}: ${block.lang || 'no language'}`)).toEqual([]);
  });

  it('shows every example file verbatim, each once, and no other TypeScript', () => {
    const shown = blocks.filter((block) => block.lang === 'ts' && !block.illustrative).map((b) => b.code);
    const sources = files.map((f) => asPublished(readFileSync(new URL(f, examplesDir), 'utf8')));
    expect(shown.sort()).toEqual(sources.sort());
    for (const source of sources) expect(source).not.toMatch(/from '\.\.?\//);
  });

  it('has every example run: a test file of the suite, or a browser example run below', () => {
    expect(files.filter((f) => !f.endsWith('.test.ts'))).toEqual(BROWSER_EXAMPLES);
  });
});

// After the example has started the worker, the page calls the mocked service as an app would.
const PAGE = `
import './browser.ts';
import { mockApiKey } from '../index.ts';

const report = (result) => Object.assign(window, { exampleResult: result });
try {
  const list = await fetch('https://courses.example.com/api/v1/courses', {
    headers: { 'X-API-Key': mockApiKey('web-app') },
  });
  const created = await fetch('https://courses.example.com/api/v1/api-keys', {
    method: 'POST',
    headers: { Authorization: 'Bearer dev-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'From the page' }),
  });
  const names = (await list.json()).data.map((course) => course.name);
  report({ list: list.status, environment: list.headers.get('Course-Environment'), names, created: created.status });
} catch (error) {
  report({ error: String(error) });
}
`;

describe('README browser example, in headless Chromium', () => {
  let page: ServiceWorkerPage;

  beforeAll(async () => {
    page = await serveServiceWorkerPage({
      ...browserBundleOptions,
      stdin: { contents: PAGE, resolveDir: new URL('.', examplesDir).pathname, loader: 'ts' },
      // The example is imported for its effect, which the package's `sideEffects: false` would drop.
      ignoreAnnotations: true,
    });
  });
  afterAll(() => page?.close());

  it('starts the worker, after which the page’s calls reach the mocked service', async () => {
    const tab = await page.browser.newPage();
    await tab.goto(page.origin);
    const handle = await tab.waitForFunction(
      () => (window as { exampleResult?: unknown }).exampleResult,
      undefined,
      { timeout: 15_000 },
    );
    expect(await handle.jsonValue()).toEqual({
      list: 200,
      environment: 'prod',
      names: ['Seeded for the demo'],
      created: 201,
    });
  });
});

// The application under test in the Playwright recipe: a page that lists courses with the SDK and
// adds one on a click, showing `ready` or the error's code. Its API key comes in the page's URL.
const APP = `
import { createCourseClient } from '../../sdk/index.ts';

const client = createCourseClient({
  baseUrl: 'https://courses.example.com',
  apiKey: new URLSearchParams(location.search).get('key'),
  maxRetries: 0,
});
const list = document.body.appendChild(document.createElement('ul'));
const status = document.body.appendChild(document.createElement('p'));
const add = document.body.appendChild(document.createElement('button'));
add.textContent = 'Add a course';
const show = async (call) => {
  try {
    await call();
    const { data } = await client.courses.listPage();
    list.replaceChildren(...data.map((course) => Object.assign(document.createElement('li'), { textContent: course.name })));
    status.textContent = 'ready';
  } catch (error) {
    status.textContent = error.code ?? String(error);
  }
};
add.onclick = () => show(() => client.courses.create({ name: 'Added in the browser', description: 'by a click' }));
show(async () => undefined);
`;

describe('README Playwright recipe (@msw/playwright, playwright-core, headless Chromium)', () => {
  let app: ServiceWorkerPage;

  beforeAll(async () => {
    app = await serveServiceWorkerPage({
      ...browserBundleOptions,
      stdin: { contents: APP, resolveDir: examplesDir.pathname, loader: 'js' },
    });
  });
  afterAll(() => app?.close());

  /** A fresh browser context with the service mocked, and the app open in it, shown `ready` or an error. */
  async function openApp(headers: Record<string, string> = {}) {
    const context = await app.browser.newContext({ extraHTTPHeaders: headers });
    const { mock, network } = await mockCourseService(context, 'https://courses.example.com');
    const tab = await context.newPage();
    await tab.goto(`${app.origin}/?key=${mockApiKey('e2e')}`);
    await tab.waitForFunction(() => document.querySelector('p')?.textContent, undefined, { timeout: 15_000 });
    const close = async () => {
      await network.disable();
      await context.close();
    };
    return { mock, tab, close };
  }

  it('serves the page’s SDK calls from the mock, which records what the page sent', async () => {
    const { mock, tab, close } = await openApp();
    expect(await tab.textContent('p')).toBe('ready');
    await tab.click('button');
    const create = await mock.requests.waitFor({ operationId: 'createCourse' }, { timeout: 10_000 });
    expect(create).toMatchObject({
      method: 'POST',
      body: { name: 'Added in the browser', description: 'by a click' },
      status: 201,
      headers: { authorization: 'Bearer [redacted]', 'idempotency-key': expect.any(String) },
    });
    await tab.waitForFunction(() => document.querySelectorAll('li').length === 2, undefined, {
      timeout: 10_000,
    });
    expect(await tab.$$eval('li', (items) => items.map((item) => item.textContent))).toEqual([
      'Added in the browser',
      'Seeded for the end-to-end test',
    ]);
    await close();
  });

  it('lets the test force a documented error from outside the app (Prefer: code=503)', async () => {
    const { mock, tab, close } = await openApp({ Prefer: 'code=503' });
    expect(await tab.textContent('p')).toBe('service_unavailable');
    expect(mock.requests.find({ operationId: 'listCourses' })?.status).toBe(503);
    await close();
  });
});
