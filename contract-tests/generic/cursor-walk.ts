import { type CheckCase, judge } from './check-case.ts';
import type { GenericContext } from './context.ts';
import { bodyPointer, type SpecLink } from './links.ts';
import { linkValues } from './produce.ts';
import { send, validParts } from './requests.ts';
import { openSession } from './session.ts';

const ITEMS = 5;
const PAGE_SIZE = '2';
const MAX_PAGES = 50;

/** The items of a page: the first array among the body's properties. */
const itemsOf = (body: unknown): unknown[] =>
  (Object.values((body ?? {}) as Record<string, unknown>).find(Array.isArray) as unknown[] | undefined) ?? [];
const identity = (item: unknown) =>
  item && typeof item === 'object' && 'id' in item ? String(item.id) : JSON.stringify(item);

/**
 * `cursor-walk` for every list whose answer links to its own next page: after creating a few items
 * with the operation that creates them (`POST` on the same path), the walk from the first page
 * through the link returns each item exactly once. Integer parameters the link carries over from
 * the request (the page size) are set small, so the walk takes several pages.
 *
 * @example for (const item of cursorWalkCases(g)) await item.run();
 */
export function cursorWalkCases(g: GenericContext): CheckCase[] {
  const pages = g.links.filter(
    (link) =>
      link.from === link.to && Object.values(link.parameters).some((e) => bodyPointer(e) !== undefined),
  );
  return pages.flatMap((link: SpecLink): CheckCase[] => {
    const list = g.shape(link.from.operationId);
    const create = g.shapes.find(
      (shape) => shape.spec.path === list.spec.path && shape.spec.method === 'POST',
    );
    if (!create) return [];
    return [
      {
        check: 'cursor-walk',
        title: `${list.spec.operationId} (items made by ${create.spec.operationId})`,
        async run() {
          const verdicts = judge('cursor-walk');
          const session = openSession(g.c);
          const made = new Set<string>();
          for (let i = 0; i < ITEMS; i++) {
            const created = await send(
              g.c,
              create,
              validParts(g, create, 'minimal'),
              await session.credential(create.credential),
            );
            if (created.reply.status >= 300)
              verdicts.fail(`${created.label} answered ${created.reply.status}`, created.reply);
            else made.add(identity(created.reply.body));
          }
          const first = validParts(g, list, 'minimal');
          for (const [name, expression] of Object.entries(link.parameters)) {
            const parameter = list.parameters.find((p) => p.name === name);
            const type = (parameter?.schema.type as string | undefined) ?? '';
            if (
              typeof expression === 'string' &&
              expression.startsWith('$request.query.') &&
              type === 'integer'
            )
              first.query[name] = PAGE_SIZE;
          }
          const credential = await session.credential(list.credential);
          const seen = new Map<string, number>();
          let parts = first;
          let page = 0;
          for (; page < MAX_PAGES; page++) {
            const { label, reply, exchange } = await send(g.c, list, parts, credential);
            if (reply.status !== 200) {
              verdicts.fail(`${label} answered ${reply.status} on page ${page + 1}`, reply);
              break;
            }
            for (const item of itemsOf(reply.body))
              seen.set(identity(item), (seen.get(identity(item)) ?? 0) + 1);
            const next = linkValues(link, exchange);
            const cursorMissing = Object.entries(link.parameters).some(
              ([name, expression]) => bodyPointer(expression) !== undefined && next[name] === undefined,
            );
            if (cursorMissing) break;
            parts = validParts(g, list, 'minimal', next);
          }
          if (page === MAX_PAGES)
            verdicts.fail(`${list.spec.operationId} still had a next page after ${MAX_PAGES} pages`);
          const repeated = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
          const missing = [...made].filter((id) => !seen.has(id));
          if (repeated.length > 0) verdicts.fail(`the walk returned ${repeated.join(', ')} more than once`);
          if (missing.length > 0) verdicts.fail(`the walk never returned ${missing.join(', ')}`);
          if (repeated.length === 0 && missing.length === 0) verdicts.pass();
          verdicts.done();
        },
      },
    ];
  });
}
