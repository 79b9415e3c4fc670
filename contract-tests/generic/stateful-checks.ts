import type { RawReply } from '../contract.ts';
import { type CheckCase, judge, type Verdicts } from './check-case.ts';
import type { GenericContext } from './context.ts';
import { bodyPointer, type SpecLink, valueAt } from './links.ts';
import { produce } from './produce.ts';
import { send, validParts } from './requests.ts';
import { answeredKind } from './resource-kind.ts';
import { openSession, type Session } from './session.ts';

/** Follows `link` with `given` values and a minimal valid request for the rest. */
async function follow(g: GenericContext, session: Session, link: SpecLink, given: Record<string, string>) {
  const target = g.shape(link.to.operationId);
  return send(
    g.c,
    target,
    validParts(g, target, 'minimal', given),
    await session.credential(target.credential),
  );
}

/** The top-level properties two representations share and disagree on. */
function differences(expected: unknown, actual: unknown): string[] {
  if (!expected || !actual || typeof expected !== 'object' || typeof actual !== 'object') return [];
  const a = expected as Record<string, unknown>;
  const b = actual as Record<string, unknown>;
  return Object.keys(a).filter((key) => key in b && JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** Whether every link parameter taken from the producer's body names the same value in `reply`'s body. */
function sameResource(
  link: SpecLink,
  given: Record<string, string>,
  reply: RawReply,
  verdicts: Verdicts,
  label: string,
) {
  for (const [name, expression] of Object.entries(link.parameters)) {
    const pointer = bodyPointer(expression);
    const value = pointer === undefined ? undefined : valueAt(reply.body, pointer);
    if (value === undefined) continue;
    if (String(value) === given[name]) verdicts.pass();
    else
      verdicts.fail(
        `${label} answered about ${pointer} ${JSON.stringify(value)}, not the linked ${given[name]}`,
        reply,
      );
  }
}

/**
 * For an answer about another resource (a delivery queued for the linked endpoint): that it names
 * each linked value in one of its properties.
 */
function namesResource(given: Record<string, string>, reply: RawReply, verdicts: Verdicts, label: string) {
  const values = Object.values((reply.body ?? {}) as Record<string, unknown>).map(String);
  for (const [name, value] of Object.entries(given)) {
    if (values.includes(value)) verdicts.pass();
    else
      verdicts.fail(
        `${label} answered about another resource that never names the linked ${name} ${value}`,
        reply,
      );
  }
}

/** Reads the resource back through every GET link and compares it with what it should be. */
async function readBack(
  g: GenericContext,
  session: Session,
  reads: SpecLink[],
  given: Record<string, string>,
  expected: unknown,
  verdicts: Verdicts,
  after: string,
) {
  for (const read of reads) {
    const { label, reply } = await follow(g, session, read, given);
    if (reply.status !== 200) {
      verdicts.fail(`${label} answered ${reply.status} ${after}, not 200`, reply);
      continue;
    }
    const changed = differences(expected, reply.body);
    if (changed.length === 0) verdicts.pass();
    else verdicts.fail(`${label} ${after} disagrees on ${changed.join(', ')}`, reply);
  }
}

/**
 * The stateful checks, from the spec's links: for each operation whose answer links to others (a
 * create), `resource-available` (every linked GET answers 200 with what was created),
 * `links-consistent` (each other linked operation acts on that resource, and it then reads back as
 * the operation answered, or unchanged when it was refused) and `use-after-free` (after the linked
 * DELETE, every other link answers 404). Each case starts from a resource of its own.
 *
 * @example for (const item of statefulCases(g)) await item.run();
 */
export function statefulCases(g: GenericContext): CheckCase[] {
  const sources = new Map<string, SpecLink[]>();
  for (const link of g.links.filter((l) => l.from !== l.to)) {
    const key = `${link.from.operationId} ${link.status}`;
    sources.set(key, [...(sources.get(key) ?? []), link]);
  }
  return [...sources.values()].flatMap((links) => {
    const from = links[0]?.from.operationId ?? '';
    const reads = links.filter((link) => link.to.method === 'GET');
    const deletes = links.filter((link) => link.to.method === 'DELETE');
    const changes = links.filter((link) => link.to.method !== 'GET');
    const cases: CheckCase[] = [];
    if (reads.length > 0)
      cases.push({
        check: 'resource-available',
        title: `${from} → ${reads.map((link) => link.to.operationId).join(', ')}`,
        async run() {
          const verdicts = judge('resource-available');
          const session = openSession(g.c);
          const { sent, given } = await produce(g, session, reads[0] as SpecLink, 'resource-available');
          await readBack(g, session, reads, given, sent.reply.body, verdicts, `right after ${sent.label}`);
          verdicts.done();
        },
      });
    for (const change of changes)
      cases.push({
        check: 'links-consistent',
        title: `${from} → ${change.to.operationId}`,
        async run() {
          const verdicts = judge('links-consistent');
          const session = openSession(g.c);
          const { sent, given } = await produce(g, session, change, 'links-consistent');
          const { label, reply } = await follow(g, session, change, given);
          const accepted = reply.status >= 200 && reply.status < 300;
          // An answer about another resource (a queued delivery) names the linked one; the linked
          // resource then reads back as it was made.
          const document = g.c.spec.document;
          const same =
            answeredKind(document, change.to, String(reply.status)) ===
            answeredKind(document, change.from, change.status);
          if (accepted && same) sameResource(change, given, reply, verdicts, label);
          else if (accepted && reply.body && typeof reply.body === 'object')
            namesResource(given, reply, verdicts, label);
          // After a DELETE the resource is gone: that is use-after-free's to check.
          if (change.to.method !== 'DELETE') {
            const expected =
              accepted && same && reply.body && typeof reply.body === 'object' ? reply.body : sent.reply.body;
            await readBack(g, session, reads, given, expected, verdicts, `after ${label} (${reply.status})`);
          }
          verdicts.done();
        },
      });
    for (const remove of deletes) {
      const others = links.filter((link) => link.to.method !== 'DELETE');
      if (others.length === 0) continue;
      cases.push({
        check: 'use-after-free',
        title: `${from} → ${remove.to.operationId}, then ${others.map((l) => l.to.operationId).join(', ')}`,
        async run() {
          const verdicts = judge('use-after-free');
          const session = openSession(g.c);
          const { given } = await produce(g, session, remove, 'use-after-free');
          const deleted = await follow(g, session, remove, given);
          if (deleted.reply.status < 200 || deleted.reply.status >= 300)
            verdicts.fail(
              `${deleted.label} answered ${deleted.reply.status}: nothing was deleted to check with`,
              deleted.reply,
            );
          else
            for (const other of others) {
              const { label, reply } = await follow(g, session, other, given);
              if (reply.status === 404) verdicts.pass();
              else verdicts.fail(`${label} answered ${reply.status} after ${deleted.label}, not 404`, reply);
            }
          verdicts.done();
        },
      });
    }
    return cases;
  });
}
