import { type CourseClient, createCourseClient, type KeyEnvironment, type Scope } from '@course-service/sdk';
import { type AuthBudget, createAuthBudget } from './auth-budget.ts';
import { createContractFetch } from './contract-fetch.ts';
import { curlOf, type RecordedRequest, recordRequest } from './failure-log.ts';
import type { Pacer } from './pacer.ts';
import type { Finding } from './prerequisites.ts';
import { type ContractSpec, loadContractSpec } from './spec.ts';
import type { Target } from './targets/target.ts';
import { createResponseValidator, type ResponseValidator } from './validator.ts';

/** A raw answer: status, headers, and the body parsed when it is JSON; with the request that got it. */
export interface RawReply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of bodies the validator has already checked.
  body: any;
  /** The request as sent (credentials as variables), and as a `curl` command that sends it again. */
  sent: RecordedRequest & { operationId: string | null; curl: string };
}

/** A key made for a test, with the subject and ID token it belongs to. */
interface TestKey {
  key: string;
  id: string;
  subject: string;
  idToken: string;
  /** An SDK client using this key. */
  client: CourseClient;
}

/** Everything a suite uses to talk to the target; every call goes through the validating fetch. */
export interface Contract {
  target: Target;
  spec: ContractSpec;
  validator: ResponseValidator;
  /** Waits out the server's failed-authentication limit; absent where a test provokes that 429 itself. */
  pacer: Pacer | undefined;
  /** What the run may still spend on failed authentication; credential checks plan their probes with it. */
  budget: AuthBudget;
  /** The prerequisites the preflight found missing; the tests that need one are not run. */
  findings: Finding[];
  fetch: typeof fetch;
  /** A raw call, for what the SDK cannot express; `json` is sent as an `application/json` body. */
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<RawReply>;
  /** An SDK client with these credentials; no retries, so every answer reaches the test. */
  client(credentials?: { apiKey?: string; idToken?: string; apiKeyHeader?: boolean }): CourseClient;
  /** A subject no other test uses, so quotas and data never cross tests. */
  subject(label?: string): string;
  /** A new key (all scopes, production, unless given) for a new subject unless one is given. */
  newKey(options?: {
    subject?: string;
    scopes?: Scope[];
    expiresAt?: string;
    environment?: KeyEnvironment;
  }): Promise<TestKey>;
}

let subjects = 0;

/**
 * Wires a target to the spec, the validator and the SDK; with a `pacer`, every call waits out the
 * server's failed-authentication limit instead of failing on it.
 *
 * @example
 * const c = createContract(await startBuiltInTarget(), loadContractSpec(), createPacer({ maxWaitSeconds: 600 }));
 * const { key, client } = await c.newKey();
 */
export function createContract(target: Target, spec = loadContractSpec(), pacer?: Pacer): Contract {
  const validator = createResponseValidator(spec);
  const budget = createAuthBudget(target.authFailurePolicy);
  const contractFetch = createContractFetch(target, spec, validator, pacer, budget);
  const client = (credentials: { apiKey?: string; idToken?: string; apiKeyHeader?: boolean } = {}) =>
    createCourseClient({ baseUrl: target.baseUrl, fetch: contractFetch, maxRetries: 0, ...credentials });
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = (label = 'user') => `contract-${label}-${run}-${++subjects}`;
  return {
    target,
    spec,
    validator,
    pacer,
    budget,
    findings: [],
    fetch: contractFetch,
    client,
    subject,
    async call(path, { json, ...init } = {}) {
      const headers = new Headers(init.headers);
      if (json !== undefined && !headers.has('content-type')) headers.set('Content-Type', 'application/json');
      const body = json === undefined ? init.body : JSON.stringify(json);
      const request = new Request(`${target.baseUrl}${path}`, { ...init, headers, body });
      const recorded = recordRequest(request, path, typeof body === 'string' ? body : undefined);
      const operationId = spec.find(request.method, path.split('?')[0] ?? path)?.operationId ?? null;
      const response = await contractFetch(request);
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        headers: response.headers,
        body: /json/.test(type) && text ? JSON.parse(text) : text,
        sent: { ...recorded, operationId, curl: curlOf(target.baseUrl, recorded) },
      };
    },
    async newKey(options = {}) {
      const owner = options.subject ?? subject();
      const idToken = await target.issueIdToken(owner);
      const { scopes, expiresAt, environment } = options;
      const created = await client({ idToken }).apiKeys.create({
        name: 'contract test',
        ...(scopes ? { scopes } : {}),
        ...(expiresAt ? { expiresAt } : {}),
        ...(environment ? { environment } : {}),
      });
      return {
        key: created.key,
        id: created.id,
        subject: owner,
        idToken,
        client: client({ apiKey: created.key }),
      };
    },
  };
}
