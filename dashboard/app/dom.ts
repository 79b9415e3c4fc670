/** What `h` accepts as a child: nodes, text, or nothing (skipped), also nested in arrays. */
export type Child = Node | string | false | null | undefined | Child[];

/** Attributes (`string`, `true` for a bare attribute, `false`/`undefined` to omit) and `on*` listeners. */
export type Props = Record<string, string | boolean | undefined | ((event: Event) => void)>;

/**
 * Creates an element. Text always goes through text nodes, never HTML, so names typed by people
 * cannot inject markup.
 *
 * @example h('button', { type: 'button', onclick: save }, 'Save')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

// Appends children to a node, flattening arrays and skipping empty ones.
function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(parent, child);
    else if (typeof child === 'string') parent.appendChild(document.createTextNode(child));
    else if (child) parent.appendChild(child);
  }
}

/**
 * Replaces every child of `parent` with `children`.
 *
 * @example replaceChildren(main, h('p', {}, 'Loading…'))
 */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let nextId = 0;
/**
 * A document-unique id for wiring labels, descriptions and errors to their controls.
 *
 * @example const id = uniqueId('name'); h('label', { for: id }, 'Name'); h('input', { id });
 */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/**
 * Gives each cell of `row` its column's name (`data-label`): on a narrow screen a table with the
 * `table-cards` class shows each row as a card, each cell named (`components.css`).
 *
 * @example tbody.append(labelCells(h('tr', {}, cells), ['Name', 'Status']));
 */
export function labelCells<T extends HTMLElement>(row: T, headers: readonly string[]): T {
  for (const [i, cell] of [...row.children].entries()) cell.setAttribute('data-label', headers[i] ?? '');
  return row;
}
