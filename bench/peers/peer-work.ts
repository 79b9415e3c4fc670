import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { baselineAnswers } from '../baselines/fixtures.ts';
import { repoRoot } from '../child-server.ts';
import { type ReferenceAnswers, referenceEnv } from '../reference-answers.ts';

/** The OpenAPI document as a peer loads it: the repository's `openapi.yaml`, parsed. */
export function loadSpec(): Record<string, unknown> {
  return parse(readFileSync(join(repoRoot, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
}

/** Who owns a key, as a minimal peer's in-memory key table keeps it. */
interface KeyOwner {
  owner: string;
}

/**
 * What every peer does for the list of 20, whatever its framework: looks the API key up by its
 * HMAC-SHA-256 in an in-memory map (a random secret per process, so the map never holds a key),
 * then answers with our server's page and headers (the values captured in reference-answers.ts;
 * `Content-Length` and `Date` are each framework's own).
 */
export interface PeerWork {
  /** The key's owner, or `undefined` for an unknown or missing key. */
  lookUp(key: string | undefined): KeyOwner | undefined;
  /** The page of 20, as a value for the framework to serialise. */
  page: unknown;
  /** `[name, value]` pairs of our list answer's headers. */
  headers: Array<[string, string]>;
}

/** The API key out of `Authorization: Bearer <key>` or `X-API-Key`, as the spec allows both. */
export function keyOf(authorization: string | undefined, apiKey: string | undefined): string | undefined {
  if (apiKey) return apiKey;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
}

/** The problem a peer answers for a missing or unknown key (its framework sends it). */
export const unauthorized = {
  type: 'https://example.com/problems/unauthorized',
  title: 'Unauthorized',
  status: 401,
};

/** The peer's work, from the reference answers the bench wrote (a synthetic page without them). */
export function peerWork(): PeerWork {
  const file = process.env[referenceEnv];
  const key = file ? (JSON.parse(readFileSync(file, 'utf8')) as ReferenceAnswers).key : 'none';
  const secret = randomBytes(32);
  const digest = (value: string): Buffer => createHmac('sha256', secret).update(value).digest();
  const keys = new Map<string, KeyOwner>([[digest(key).toString('base64url'), { owner: 'owner' }]]);
  const answers = baselineAnswers();
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < answers.headers.list.length; i += 2) {
    pairs.push([answers.headers.list[i] as string, answers.headers.list[i + 1] as string]);
  }
  return {
    lookUp: (given) => (given ? keys.get(digest(given).toString('base64url')) : undefined),
    page: answers.list,
    headers: pairs,
  };
}
