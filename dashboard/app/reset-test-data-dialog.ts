import type { CourseClient, TestDataReset } from '../../sdk/index.ts';
import { h, replaceChildren } from './dom.ts';
import { testBadge } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { errorAlert, modal } from './ui.ts';

/** What the reset dialog needs from the page. */
export interface ResetTestDataOptions {
  client: CourseClient;
  /** Who is signed in: the account whose test courses go. */
  account: string;
  endsSession(error: unknown): boolean;
  /** Called once the API has deleted the test courses. */
  reset(result: TestDataReset): void;
}

/**
 * How many test courses went, in words.
 *
 * @example deletedText(3) // '3 test courses deleted.'
 */
export function deletedText(count: number): string {
  if (count === 0) return 'No test courses to delete: the sandbox was already empty.';
  return `${count} test course${count === 1 ? '' : 's'} deleted.`;
}

/**
 * "Reset test data": says exactly what goes (every test course of the account, in every state) and
 * what stays (production courses, every API key), asks for confirmation with "Cancel" focused, then
 * calls `DELETE /api/v1/test-data` and shows how many courses were deleted.
 *
 * @example openResetTestDataDialog({ client, account: session.subject, endsSession, reset: announce });
 */
export function openResetTestDataDialog(options: ResetTestDataOptions): HTMLDialogElement {
  const errorSlot = h('div', {});
  const close = () => dialog.close();
  const cancel = h('button', { type: 'button', class: 'button', autofocus: true, onclick: close }, 'Cancel');
  const confirm = h('button', { type: 'button', class: 'button button-danger' }, 'Delete test courses');
  const body = h(
    'div',
    {},
    h(
      'p',
      {},
      'This permanently deletes ',
      h('strong', {}, 'every test course'),
      ' of the account ',
      h('strong', {}, options.account),
      ': drafts, published and archived alike.',
    ),
    h(
      'ul',
      { class: 'kept' },
      h('li', {}, 'Production courses are not touched.'),
      h('li', {}, 'API keys are kept, test and production: they go on working.'),
    ),
    h('p', {}, 'This cannot be undone.'),
    errorSlot,
    h('div', { class: 'dialog-actions' }, cancel, confirm),
  );
  const dialog = modal(['Reset test data?', testBadge('test')], body);
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    confirm.textContent = 'Deleting…';
    try {
      const result = await options.client.testData.reset();
      options.reset(result);
      const heading = dialog.querySelector('h2');
      if (heading) replaceChildren(heading, 'Test data reset', testBadge('test'));
      const done = h('button', { type: 'button', class: 'button button-primary', onclick: close }, 'Done');
      body.replaceWith(
        h(
          'div',
          {},
          h('p', { role: 'status' }, deletedText(result.deletedCourses)),
          h('p', { class: 'muted' }, 'Production courses and API keys were not touched.'),
          h('div', { class: 'dialog-actions' }, done),
        ),
      );
      done.focus();
    } catch (error) {
      if (options.endsSession(error)) return close();
      errorSlot.replaceChildren(errorAlert(describeError(error)));
      confirm.disabled = false;
      confirm.textContent = 'Delete test courses';
    }
  });
  dialog.showModal();
  return dialog;
}
