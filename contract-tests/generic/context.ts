import type { Contract } from '../contract.ts';
import { type OperationShape, operationShapes } from '../operation-shapes.ts';
import { requestSchemaCheck } from '../schema-check.ts';
import { type SpecLink, specLinks } from './links.ts';
import type { RequestContext } from './requests.ts';

/** The schema of a webhook URL: valid instances are URLs the target accepts, which it supplies. */
const WEBHOOK_URL_SCHEMA = '#/components/schemas/WebhookUrl';

/** What every generic check works from: the contract, the operations' shapes and the spec's links. */
export interface GenericContext extends RequestContext {
  c: Contract;
  shapes: OperationShape[];
  links: SpecLink[];
  /** The shape of an operation, by its id. */
  shape(operationId: string): OperationShape;
}

/**
 * Reads what the generic checks need from the contract's spec; nothing here talks to the target.
 *
 * @example const g = genericContext(c); g.shape('getCourse').parameters;
 */
export function genericContext(c: Contract): GenericContext {
  const shapes = operationShapes(c.spec);
  const links = specLinks(c.spec);
  const filled = new Set(
    links.flatMap((link) =>
      Object.entries(link.parameters)
        .filter(([, expression]) => typeof expression === 'string' && expression.startsWith('$response.'))
        .map(([name]) => `${link.to.operationId} ${name}`),
    ),
  );
  return {
    c,
    shapes,
    links,
    document: c.spec.document,
    checkParameter: requestSchemaCheck(c.spec.document),
    checkBody: requestSchemaCheck(c.spec.document, false),
    linkFilled: (operationId, parameter) => filled.has(`${operationId} ${parameter}`),
    supplied: c.target.webhookUrl ? { [WEBHOOK_URL_SCHEMA]: c.target.webhookUrl } : {},
    shape(operationId) {
      const found = shapes.find((shape) => shape.spec.operationId === operationId);
      if (!found) throw new Error(`no operation ${operationId} in the spec`);
      return found;
    },
  };
}
