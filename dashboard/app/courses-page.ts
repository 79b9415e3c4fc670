import type { Course } from '../../sdk/index.ts';
import { loadCourses } from './api.ts';
import { h, replaceChildren, uniqueId } from './dom.ts';
import { environmentSummary } from './environment-ui.ts';
import { describeError } from './errors.ts';
import { formatDate } from './format.ts';
import { errorAlert, loading, pageHeading } from './ui.ts';

const MAX_SHOWN = 500;

function courseTable(courses: Course[], more: boolean): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'table' },
      h('caption', { class: 'visually-hidden' }, `Courses (${courses.length}${more ? '+' : ''})`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Name', 'Status', 'Created', 'Updated', 'Id'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        courses.map((course) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, course.name),
            h('td', {}, h('span', { class: `badge badge-${course.status}` }, course.status)),
            h('td', {}, formatDate(course.createdAt)),
            h('td', {}, formatDate(course.updatedAt)),
            h('td', {}, h('code', {}, course.id)),
          ),
        ),
      ),
    ),
    more && h('p', { class: 'muted small' }, `Showing the first ${MAX_SHOWN}. Use the API for the rest.`),
  );
}

/**
 * A read-only view of courses. Courses are read with an API key (the ID token only manages keys), so
 * the person pastes one; it is kept in memory for this view only and sent as `Authorization: Bearer`.
 * The list says which environment answered: a test key's sandbox is marked as such.
 *
 * @example main.replaceChildren(coursesPage());
 */
export function coursesPage(): HTMLElement {
  const inputId = uniqueId('course-key');
  const hintId = uniqueId('course-key-hint');
  const input = h('input', {
    id: inputId,
    type: 'password',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': hintId,
  });
  const submit = h('button', { type: 'submit', class: 'button button-primary' }, 'Show courses');
  const result = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'form form-inline', 'aria-label': 'Read courses with an API key' },
    h('label', { for: inputId }, 'API key with the courses:read scope'),
    h('div', { class: 'copy-row' }, input, submit),
    h(
      'p',
      { id: hintId, class: 'hint' },
      'The key stays in this page’s memory and is forgotten when you leave it. Course changes are made through the API.',
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const apiKey = input.value.trim();
    if (!apiKey) return input.focus();
    submit.disabled = true;
    result.replaceChildren(loading('Loading courses…'));
    delete page.dataset.environment;
    try {
      const { courses, more, environment } = await loadCourses(apiKey, MAX_SHOWN);
      // Frames the whole page in the test colour while it shows a sandbox.
      if (environment) page.dataset.environment = environment;
      replaceChildren(
        result,
        environmentSummary(environment, {
          test: 'These are the test courses of the key’s account; a production key never sees them.',
          prod: 'Production courses of the key’s account.',
        }),
        courses.length > 0
          ? courseTable(courses, more)
          : h(
              'div',
              { class: 'empty' },
              h('p', { class: 'empty-title' }, `No ${environment === 'test' ? 'test ' : ''}courses yet`),
            ),
      );
    } catch (error) {
      result.replaceChildren(errorAlert(describeError(error)));
    } finally {
      submit.disabled = false;
    }
  });
  const page = h(
    'main',
    { id: 'main', class: 'page' },
    h('div', { class: 'page-header' }, pageHeading('Courses')),
    h('p', { class: 'muted' }, 'A read-only list of the courses an API key can see.'),
    h('div', { class: 'card' }, form, result),
  );
  return page;
}
