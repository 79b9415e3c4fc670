import { Webhook } from 'standardwebhooks';
import { webhookPayloadCheck } from './payload-check.ts';
import type { ReceivedDelivery } from './webhook-receiver.ts';

type Obj = Record<string, unknown>;

/** How far `webhook-timestamp` may be from the arrival: Standard Webhooks' own tolerance. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks one delivery as a consumer would: `webhook-id` is the payload's event id,
 * `webhook-timestamp` is recent, `webhook-signature` verifies (with the `standardwebhooks`
 * library) against EACH of `secrets`, the body is JSON valid against the spec's webhook of its
 * `type`. Answers what is wrong, nothing when all is well.
 *
 * @example expect(deliveryProblems(spec.document)(delivery, [endpoint.secret])).toEqual([]);
 */
export function deliveryProblems(document: Obj): (delivery: ReceivedDelivery, secrets: string[]) => string[] {
  const payloadProblem = webhookPayloadCheck(document);
  return (delivery, secrets) => {
    const problems: string[] = [];
    const { headers } = delivery;
    const id = headers['webhook-id'];
    if (!/^application\/json\b/.test(headers['content-type'] ?? ''))
      problems.push(`content-type is ${headers['content-type']}, not application/json`);
    let payload: { id?: unknown } | undefined;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      problems.push('the body is not JSON');
    }
    if (payload) {
      if (payload.id !== id) problems.push(`webhook-id ${id} is not the event's id ${String(payload.id)}`);
      const invalid = payloadProblem(payload);
      if (invalid) problems.push(invalid);
    }
    const sentAt = Number(headers['webhook-timestamp']) * 1000;
    if (!(Math.abs(delivery.receivedAt.getTime() - sentAt) <= TOLERANCE_SECONDS * 1000))
      problems.push(
        `webhook-timestamp ${headers['webhook-timestamp']} is not within ${TOLERANCE_SECONDS} s of its arrival`,
      );
    for (const secret of secrets) {
      try {
        new Webhook(secret).verify(delivery.body, headers);
      } catch (error) {
        problems.push(
          `webhook-signature does not verify with the secret ${secret.slice(0, 10)}…: ${(error as Error).message}`,
        );
      }
    }
    return problems.map((problem) => `delivery ${id ?? '(no webhook-id)'}: ${problem}`);
  };
}
