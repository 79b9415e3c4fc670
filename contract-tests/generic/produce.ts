import { CheckFailure, type CheckName } from '../checks.ts';
import type { GenericContext } from './context.ts';
import { evaluate, type SpecLink } from './links.ts';
import { type Sent, send, validParts } from './requests.ts';
import type { Session } from './session.ts';

/** The first link from another operation to `operationId`: where a resource for it comes from. */
export function producerLink(g: GenericContext, operationId: string): SpecLink | undefined {
  return g.links.find((link) => link.to.operationId === operationId && link.from !== link.to);
}

/** The values `link` gives its target after `exchange`, as text; those the exchange lacks are left out. */
export function linkValues(link: SpecLink, exchange: Sent['exchange']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, expression] of Object.entries(link.parameters)) {
    const value = evaluate(expression, exchange);
    if (value !== undefined && value !== null) values[name] = String(value);
  }
  return values;
}

/**
 * Calls the source of `link` with a minimal valid request (a new course, a new key) and returns
 * what came back and the parameter values the link gives its target. A source that does not answer
 * the link's status fails `check`: there is nothing to follow.
 *
 * @example const { given } = await produce(g, session, producerLink(g, 'getCourse'), 'resource-available');
 */
export async function produce(
  g: GenericContext,
  session: Session,
  link: SpecLink,
  check: CheckName,
): Promise<{ sent: Sent; given: Record<string, string> }> {
  const source = g.shape(link.from.operationId);
  const sent = await send(
    g.c,
    source,
    validParts(g, source, 'minimal'),
    await session.credential(source.credential),
  );
  if (String(sent.reply.status) !== link.status)
    throw new CheckFailure(
      check,
      `${sent.label} answered ${sent.reply.status}, not the ${link.status} its link ${link.name} follows`,
    );
  return { sent, given: linkValues(link, sent.exchange) };
}
