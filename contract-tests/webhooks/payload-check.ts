import { requestSchemaCheck } from '../schema-check.ts';

type Obj = Record<string, unknown>;

/**
 * Judges a webhook payload by the spec's `webhooks`: the request body schema of the webhook named
 * by the payload's `type`. Answers why it is not valid, or undefined when it is.
 *
 * @example const problem = webhookPayloadCheck(spec.document)(event); // undefined
 */
export function webhookPayloadCheck(document: Obj): (payload: unknown) => string | undefined {
  const check = requestSchemaCheck(document, false);
  const webhooks = (document.webhooks ?? {}) as Record<string, Obj>;
  return (payload) => {
    const type = (payload as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !(type in webhooks))
      return `no webhook of the spec is named ${String(type)}`;
    const post = webhooks[type]?.post as Obj;
    const body = (post.requestBody as Obj).content as Record<string, Obj>;
    const schema = body['application/json']?.schema as Obj;
    return check(schema, payload) ? undefined : `not valid against the request body of the webhook ${type}`;
  };
}
