import type { CheckName } from '../checks.ts';
import type { OperationShape } from '../operation-shapes.ts';
import { type CheckCase, judge } from './check-case.ts';
import type { GenericContext } from './context.ts';
import { produce, producerLink } from './produce.ts';
import { isValid, type RequestParts, send, validParts } from './requests.ts';
import { openSession, type Session } from './session.ts';
import type { ValueShape } from './values.ts';
import { parameterViolations, violations } from './violations.ts';

/** Answers that refuse a request as wrong, which a valid request with a valid credential must never get. */
const REFUSALS = new Set([400, 401, 403, 405, 406, 413, 415, 422]);
const SHAPES: ValueShape[] = ['minimal', 'full', 'longest'];

/** A resource for the operation to act on, through the link that makes one (a fresh course for getCourse). */
async function freshValues(g: GenericContext, shape: OperationShape, session: Session, check: CheckName) {
  const producer = producerLink(g, shape.spec.operationId);
  return producer ? (await produce(g, session, producer, check)).given : {};
}

/** A valid request to send, built once the link values for it are known. */
interface Variant {
  label: string;
  build(given: Record<string, string>): RequestParts;
}

/**
 * The valid requests to send: minimal, full and at the upper bounds. An operation another
 * protocol handles (`x-handled-by`, MCP) has rules beyond its schema (a protocol revision header
 * changes what a valid body is), so it gets its minimal request and the spec's own body examples.
 */
function variants(g: GenericContext, shape: OperationShape): Variant[] {
  const paths = g.document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const declared = paths[shape.spec.path]?.[shape.spec.method.toLowerCase()] ?? {};
  const generated = (valueShape: ValueShape): Variant => ({
    label: `${valueShape} valid request`,
    build: (given) => validParts(g, shape, valueShape, given),
  });
  if (!declared['x-handled-by']) return SHAPES.map(generated);
  const body = declared.requestBody as { content?: Record<string, { examples?: Record<string, Example> }> };
  const examples = Object.entries(body?.content?.['application/json']?.examples ?? {});
  return [
    generated('minimal'),
    ...examples.map(([name, example]) => ({
      label: `the spec's example ${name}`,
      build: (given: Record<string, string>) => ({
        ...validParts(g, shape, 'minimal', given),
        body: example.value,
      }),
    })),
  ];
}

type Example = { value?: unknown };

function positiveCase(g: GenericContext, shape: OperationShape): CheckCase {
  return {
    check: 'positive-data-accepted',
    title: shape.spec.operationId,
    async run() {
      const verdicts = judge('positive-data-accepted');
      const session = openSession(g.c);
      const seen = new Set<string>();
      for (const variant of variants(g, shape)) {
        const draft = variant.build({});
        const key = JSON.stringify([draft.query, Object.keys(draft.header), draft.body]);
        if (seen.has(key) || !isValid(g, shape, draft)) continue;
        seen.add(key);
        // Each variant gets its own resource: the one before may have deleted or archived it.
        const parts = variant.build(await freshValues(g, shape, session, 'positive-data-accepted'));
        const { label, reply } = await send(g.c, shape, parts, await session.credential(shape.credential));
        if (REFUSALS.has(reply.status)) {
          const answer = JSON.stringify(reply.body).slice(0, 160);
          verdicts.fail(`${label} (${variant.label}) was refused with ${reply.status}: ${answer}`, reply);
        } else verdicts.pass();
      }
      verdicts.done();
    },
  };
}

/** The request `base` with one part broken in each way the spec's schemas allow. */
function brokenRequests(g: GenericContext, shape: OperationShape, base: RequestParts, full: RequestParts) {
  const broken: Array<{ label: string; parts: RequestParts }> = [];
  const clone = (): RequestParts => ({
    path: { ...base.path },
    query: { ...base.query },
    header: { ...base.header },
    body: base.body,
  });
  for (const parameter of shape.parameters) {
    for (const violation of parameterViolations(g.document, parameter.schema, g.checkParameter)) {
      const parts = clone();
      parts[parameter.in][parameter.name] = violation.value as string;
      broken.push({ label: `${parameter.in} parameter ${parameter.name} ${violation.label}`, parts });
    }
    if (parameter.required && parameter.in !== 'path') {
      const parts = clone();
      delete parts[parameter.in][parameter.name];
      broken.push({ label: `the required ${parameter.in} parameter ${parameter.name} missing`, parts });
    }
  }
  if (shape.body) {
    for (const violation of violations(g.document, shape.body.schema, full.body, g.checkBody))
      broken.push({ label: `a body with ${violation.label}`, parts: { ...clone(), body: violation.value } });
    if (shape.body.required) broken.push({ label: 'no body', parts: { ...clone(), body: undefined } });
  }
  return broken;
}

function negativeCase(g: GenericContext, shape: OperationShape): CheckCase {
  return {
    check: 'negative-data-rejected',
    title: shape.spec.operationId,
    async run() {
      const verdicts = judge('negative-data-rejected');
      const session = openSession(g.c);
      const given = await freshValues(g, shape, session, 'negative-data-rejected');
      const base = validParts(g, shape, 'minimal', given);
      const credential = await session.credential(shape.credential);
      for (const { label, parts } of brokenRequests(g, shape, base, validParts(g, shape, 'full', given))) {
        const sent = await send(g.c, shape, parts, credential);
        if (sent.reply.status >= 400 && sent.reply.status < 500) verdicts.pass();
        else
          verdicts.fail(`${sent.label} with ${label} answered ${sent.reply.status}, not a 4xx`, sent.reply);
      }
      verdicts.done();
    },
  };
}

/**
 * `positive-data-accepted` (for every operation whose success a contract run can cause) and
 * `negative-data-rejected` (for every operation): valid requests built
 * from its schemas (minimal, full, at the upper bounds; ids from the links that make them) must not
 * be refused, and each violation the schemas allow (a parameter or body property of the wrong type,
 * out of range, off its pattern or enum, a required one missing, an unknown property) must get a 4xx.
 *
 * @example for (const item of dataCases(g)) await item.run();
 */
export function dataCases(g: GenericContext): CheckCase[] {
  const negatives = g.shapes.filter((shape) => shape.parameters.length > 0 || shape.body);
  // An operation whose success the spec marks untestable from outside (a report only the secret
  // scanner can sign) has no valid request a contract run can make.
  const succeedable = g.shapes.filter(
    (shape) => !shape.spec.responses.some((r) => r.status.startsWith('2') && r.untestable !== undefined),
  );
  return [
    ...succeedable.map((shape) => positiveCase(g, shape)),
    ...negatives.map((shape) => negativeCase(g, shape)),
  ];
}
