import { parseApiKey } from '../../domain/api-key-format.ts';
import { verifyReportSignature } from '../auth/report-signature.ts';
import { ApiError } from '../model/api-error.ts';
import type { Audit } from '../model/store.ts';
import { apiKeyEvent } from '../operation-helpers/event-payload.ts';
import type { OperationDeps, OperationHandler, OperationInput } from '../operation-helpers/operation.ts';

type Reported = { token: string; type: string };
type Verdict = { token_raw: string; token_type: string; label: 'true_positive' | 'false_positive' };

const refused = (detail: string) => new ApiError('invalid_report_signature', detail);

/** Refuses the report unless a key the scanner publishes signed its body as sent. */
async function checkSignature(input: OperationInput, deps: OperationDeps): Promise<void> {
  const identifier = input.headers['github-public-key-identifier'] as string;
  const signature = input.headers['github-public-key-signature'] as string;
  if (input.rawBody === undefined)
    throw refused('The report body was not kept as sent, so its signature cannot be checked.');
  const pem = await deps.reportKeys.publicKey(identifier);
  if (pem === undefined) throw refused(`No public key '${identifier}' is published for reports.`);
  if (!(await verifyReportSignature(pem, signature, input.rawBody)))
    throw refused(`The report's signature does not verify with the published key '${identifier}'.`);
}

/** One token's verdict; an active key of ours is revoked (or only flagged), its history says so. */
async function judge(item: Reported, deps: OperationDeps, audit: Audit, now: Date): Promise<Verdict> {
  const verdict = (label: Verdict['label']): Verdict => ({
    token_raw: item.token,
    token_type: item.type,
    label,
  });
  // A string that fails the checksum is no key of ours: answered without a store lookup.
  if (!parseApiKey(item.token)) return verdict('false_positive');
  const key = await deps.store.findApiKeyByHash(await deps.hasher.hash(item.token));
  if (!key) return verdict('false_positive');
  const at = now.toISOString();
  await deps.store.appendApiKeyEvent({
    keyId: key.id,
    ownerId: key.ownerId,
    type: 'reported_leaked',
    at,
    relatedKeyId: null,
    ...audit,
  });
  const active =
    key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now.getTime());
  if (active && deps.leakAction === 'revoke') {
    const event = apiKeyEvent('api_key.revoked', deps.ids, now);
    const revoked = await deps.store.revokeApiKey(key.ownerId, key.id, at, audit, event);
    if (revoked?.revokedAt === at) deps.observer.apiKeyRevoked();
  }
  return verdict('true_positive');
}

/**
 * `POST /api/v1/secret-scanning/reports`: a secret scanner's signed report of strings found in
 * public code. Each one that is an issued key is a `true_positive`, and an active one is revoked
 * (or, by configuration, only flagged in its history) from the next request on, on every instance.
 */
export const reportLeakedApiKeys: OperationHandler = async (input, deps) => {
  await checkSignature(input, deps);
  const audit: Audit = { actorType: 'service', actorSubject: null, requestId: input.requestId ?? null };
  const now = deps.clock();
  const verdicts: Verdict[] = [];
  for (const item of input.body as Reported[]) verdicts.push(await judge(item, deps, audit, now));
  return verdicts;
};
