import type { ApiKey, CourseClient } from '../../sdk/index.ts';
import { apiKeysFrame, noKeys } from './api-keys-frame.ts';
import { openCreateKeyDialog } from './create-key-dialog.ts';
import { h } from './dom.ts';
import { ENVIRONMENT_NAMES, selectEnvironment, selectedEnvironment } from './environment.ts';
import { environmentSwitch, testModeBanner } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { ROTATION_DAYS } from './format.ts';
import { keyTable, needsRotation, tickCountdowns } from './key-table.ts';
import { deletedText, openResetTestDataDialog } from './reset-test-data-dialog.ts';
import { openRevokeDialog } from './revoke-dialog.ts';
import { openRotationDialog } from './rotation-dialog.ts';
import { errorAlert, liveRegion, loading, notice } from './ui.ts';

/** What a signed-in page gets from the shell. */
export interface PageContext {
  client: CourseClient;
  /** The signed-in subject, named where an action covers the whole account. */
  account: string;
  /** Sends the person back to sign-in when `error` means the ID token was refused; true if so. */
  endsSession(error: unknown): boolean;
}

/**
 * Settings → API Keys: the caller's keys of the environment the Test mode switch selects, newest
 * first; "Create API Key" in that environment; roll with a chosen grace window (a rolled key counts
 * it down); revoke with confirmation; keys due for rotation marked; and, in Test mode, a banner
 * saying so with "Reset test data".
 *
 * @example main.replaceChildren(apiKeysPage({ client, account: session.subject, endsSession }));
 */
export function apiKeysPage(context: PageContext): HTMLElement {
  const { client, endsSession } = context;
  const status = liveRegion();
  const testSlot = h('div', {});
  const banner = h('div', {});
  const content = h('div', { class: 'card', 'aria-busy': 'true' });
  let environment = selectedEnvironment();
  let keys: ApiKey[] = [];
  let generation = 0;

  const openCreate = () =>
    openCreateKeyDialog({
      client,
      endsSession,
      environment,
      created: (key) => {
        status.textContent = `${ENVIRONMENT_NAMES[key.environment]} API key “${key.name}” created.`;
        void reload();
      },
    });
  const revoke = (key: ApiKey) =>
    openRevokeDialog({
      client,
      key,
      endsSession,
      revoked: (revoked) => {
        status.textContent = `API key “${revoked.name}” revoked.`;
        void reload();
      },
    });
  const roll = (key: ApiKey) =>
    openRotationDialog({
      client,
      key,
      endsSession,
      rolled: (next) => {
        status.textContent = `API key “${next.name}” rolled: the old key keeps working for its grace window.`;
        void reload();
      },
    });
  const resetTestData = () =>
    openResetTestDataDialog({
      client,
      account: context.account,
      endsSession,
      reset: (result) => {
        status.textContent = `Test data reset: ${deletedText(result.deletedCourses)}`;
      },
    });

  function showEnvironment(): void {
    page.dataset.environment = environment;
    document.title = `${environment === 'test' ? 'Test mode · ' : ''}API Keys · Course Service`;
    testSlot.replaceChildren(
      environment === 'test'
        ? testModeBanner(
            'Test keys (…_test_…) see and change only this account’s test courses; production keys never see them.',
            h('button', { type: 'button', class: 'button', onclick: resetTestData }, 'Reset test data…'),
          )
        : '',
    );
  }

  function render(): void {
    content.setAttribute('aria-busy', 'false');
    const due = keys.filter((key) => needsRotation(key));
    banner.replaceChildren(
      due.length > 0
        ? notice(
            `${due.length} active key${due.length === 1 ? ' is' : 's are'} older than the recommended ${ROTATION_DAYS}-day rotation interval. Use “Roll…” on ${due.length === 1 ? 'it' : 'them'}.`,
            'warning',
          )
        : '',
    );
    content.replaceChildren(keys.length === 0 ? noKeys(environment) : keyTable(keys, { revoke, roll }));
  }

  async function reload(): Promise<void> {
    // Only the newest load may render: a slow answer for the other environment must not win.
    const mine = ++generation;
    const wanted = environment;
    if (keys.length === 0) content.replaceChildren(loading('Loading API keys…'));
    content.setAttribute('aria-busy', 'true');
    try {
      const all: ApiKey[] = [];
      for await (const key of client.apiKeys.list({ limit: 100, environment: wanted })) all.push(key);
      if (mine !== generation) return;
      keys = all;
      render();
    } catch (error) {
      if (mine !== generation || endsSession(error)) return;
      content.setAttribute('aria-busy', 'false');
      content.replaceChildren(errorAlert(describeError(error), () => void reload()));
    }
  }

  const switchControl = environmentSwitch(environment, (next) => {
    environment = next;
    selectEnvironment(next);
    keys = [];
    banner.replaceChildren();
    showEnvironment();
    status.textContent = `${next === 'test' ? 'Test mode on: showing test' : 'Test mode off: showing production'} API keys.`;
    void reload();
  });
  const page = apiKeysFrame({
    testSlot,
    switchControl,
    createKey: openCreate,
    status,
    banner,
    content,
  });
  // Rolled keys count down their grace window; when one ends, the list reloads to show it expired.
  const ticker = setInterval(() => {
    if (!page.isConnected) return clearInterval(ticker);
    if (tickCountdowns(content)) void reload();
  }, 15_000);
  // Write the choice into the URL at once, so a reload or a copied link shows the same data.
  selectEnvironment(environment);
  showEnvironment();
  void reload();
  return page;
}
