import { ApiError } from '../model/api-error.ts';
import type { ApiKeyClientRecord, ApiKeyUsageRecord, UsageCounts } from '../model/store.ts';
import { keyNotFound, type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_RANGE_MS = 7 * DAY_MS;
const MAX_RANGE_MS = 90 * DAY_MS;

const rangeError = (detail: string) =>
  new ApiError('validation_failed', 'The request has 1 invalid field.', {
    extensions: { errors: [{ location: 'query', pointer: '/from', detail }] },
  });

/** `from` and `to` rounded out to whole buckets: from down, to up; 7 days ending now by default. */
function rangeOf(query: Record<string, unknown>, unit: number, now: number): { from: number; to: number } {
  const end = query.to === undefined ? now : Date.parse(query.to as string);
  const start = query.from === undefined ? end - DEFAULT_RANGE_MS : Date.parse(query.from as string);
  const [from, to] = [Math.floor(start / unit) * unit, Math.ceil(end / unit) * unit];
  if (from >= to) throw rangeError('must be before to');
  if (to - from > MAX_RANGE_MS) throw rangeError('must be at most 90 days before to');
  return { from, to };
}

/** Sums stored and pending hours into buckets of `unit`, oldest first. */
function buckets(hours: ApiKeyUsageRecord[], unit: number): Array<{ start: string } & UsageCounts> {
  const sums = new Map<number, UsageCounts>();
  for (const { keyId: _, hour, ...counts } of hours) {
    const start = Math.floor(Date.parse(hour) / unit) * unit;
    const sum = sums.get(start);
    if (!sum) sums.set(start, { ...counts });
    else
      for (const outcome of Object.keys(counts) as Array<keyof UsageCounts>) sum[outcome] += counts[outcome];
  }
  return [...sums]
    .sort(([a], [b]) => a - b)
    .map(([start, counts]) => ({ start: new Date(start).toISOString(), ...counts }));
}

const later = (a: ApiKeyClientRecord | undefined, b: ApiKeyClientRecord | undefined) =>
  a && (!b || a.at > b.at) ? a : b;

/**
 * `GET /api/v1/api-keys/{keyId}/usage`: the requests the key authenticated per hour or day, by
 * outcome, from the store and this instance's counts not yet written, and its latest client.
 */
export const getApiKeyUsage: OperationHandler = async (
  { params, query, caller },
  { store, clock, usage },
) => {
  const keyId = params.keyId as string;
  const key = await store.getApiKey(ownerOf(caller), keyId);
  if (!key) throw keyNotFound(keyId);
  const granularity = (query.granularity as 'hour' | 'day' | undefined) ?? 'day';
  const unit = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const { from, to } = rangeOf(query, unit, clock().getTime());
  const [fromText, toText] = [new Date(from).toISOString(), new Date(to).toISOString()];
  const pending = usage.pending(keyId);
  const stored = await store.listApiKeyUsage({ keyId, from: fromText, to: toText });
  const inRange = pending.hours.filter((hour) => hour.hour >= fromText && hour.hour < toText);
  const client = later(pending.client, await store.getApiKeyClient(keyId));
  return {
    from: fromText,
    to: toText,
    granularity,
    data: buckets([...stored, ...inRange], unit),
    lastUsedFrom: client ? { at: client.at, address: client.address, userAgent: client.userAgent } : null,
  };
};
