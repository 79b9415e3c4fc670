import { type OpenApiDocument, openApiDocument } from '@course-service/runtime';
import type { CourseStatus, Scope } from '../sdk/gen/types.gen.ts';
import { type MockWebhookOptions, type ResolvedWebhookOptions, resolveWebhooks } from './webhook-options.ts';

/**
 * The owner of declared keys and seeded courses that name none.
 *
 * @example createCourseServiceMock({ baseUrl, seed: { courses: [{ name: 'A', owner: DEFAULT_OWNER }] } })
 */
export const DEFAULT_OWNER = 'mock-user';

/** An API key the mock accepts from the start. */
export interface MockApiKey {
  /** A well-formed key value (format and checksum), e.g. from `mockApiKey()`; its environment is in it. */
  key: string;
  /** The subject owning the key (and the courses it sees). @default 'mock-user' */
  owner?: string | undefined;
  /** @default every scope of the spec */
  scopes?: Scope[] | undefined;
  /** @default 'mock key' */
  name?: string | undefined;
  /** When the key stops working (RFC 3339); `null` or absent: never. */
  expiresAt?: string | null | undefined;
  /** When the key was revoked (RFC 3339); `null` or absent: it is not. */
  revokedAt?: string | null | undefined;
}

/** A course present from the start. Listed newest first: the last one given comes first. */
export interface SeedCourse {
  name: string;
  /** @default '' */
  description?: string | undefined;
  /** @default 'mock-user' */
  owner?: string | undefined;
  /** The environment it lives in: seen by keys of that environment only. @default 'prod' */
  environment?: 'prod' | 'test' | undefined;
  /** @default a new `crs_…` id */
  id?: string | undefined;
  /** @default 'draft' */
  status?: CourseStatus | undefined;
  /** RFC 3339; @default when the mock was created */
  createdAt?: string | undefined;
}

/**
 * How the mock service is set up.
 *
 * @example const options: CourseServiceMockOptions = { baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey() }] };
 */
export interface CourseServiceMockOptions {
  /** Where the mocked service lives, e.g. `http://localhost:3000` (what the SDK's `baseUrl` is). */
  baseUrl: string;
  /** API keys that work from the start. More can be created through `POST /api/v1/api-keys`. */
  apiKeys?: MockApiKey[] | undefined;
  /** ID tokens that work for key management, each mapped to its subject. `POST /dev/token` issues more. */
  idTokens?: Record<string, string> | undefined;
  /** Data present from the start, and again after every `reset()`. */
  seed?: { courses?: SeedCourse[] | undefined } | undefined;
  /** The quota per API key (courses) and per subject (keys), and for failed authentication. @default the server's: 100 per 60 s, 20 failures */
  rateLimit?:
    | { max?: number | undefined; windowSeconds?: number | undefined; authFailureMax?: number | undefined }
    | undefined;
  /** The prefix of minted keys. @default 'cms' */
  apiKeyPrefix?: string | undefined;
  /** Larger bodies answer 413. @default 65536 */
  bodyLimitBytes?: number | undefined;
  /** The mock's notion of now (timestamps, expiry, rate-limit windows). @default () => new Date() */
  clock?: (() => Date) | undefined;
  /**
   * The OpenAPI document to answer by, with the service's operations: the API with a part marked
   * deprecated, say. @default the `openapi.yaml` this package was built with
   */
  spec?: OpenApiDocument | undefined;
  /**
   * Let each request force a documented error of its operation: `Prefer: code=503` or
   * `x-mock-scenario: networkError`, e.g. from an end-to-end test, without changing the app.
   * @default false
   */
  overrides?: boolean | undefined;
  /**
   * The public keys (PEM) a secret scanner signs leaked-key reports with, by key identifier, as
   * the service fetches them from `SECRET_SCANNING_KEYS_URL`. @default {} (every report is refused)
   */
  secretScanningKeys?: Readonly<Record<string, string>> | undefined;
  /**
   * Let webhook endpoints use `http` and private or loopback addresses, as the server's
   * `WEBHOOK_ALLOW_PRIVATE_URLS`. The mock checks what the URL says and resolves no host names.
   * @default false
   */
  webhookAllowPrivateUrls?: boolean | undefined;
  /** Deliver the events of endpoints created through the API to your application. @default none: deliveries stay `pending` */
  webhooks?: MockWebhookOptions | undefined;
}

/** The options with every default filled in. */
export type ResolvedOptions = Required<Omit<CourseServiceMockOptions, 'rateLimit' | 'seed' | 'webhooks'>> & {
  rateLimit: { max: number; windowSeconds: number; authFailureMax: number };
  seed: { courses: SeedCourse[] };
  webhooks: ResolvedWebhookOptions | undefined;
};

/**
 * Fills in the defaults and drops a trailing `/` from `baseUrl`.
 *
 * @example resolveOptions({ baseUrl: 'http://localhost:3000/' }).baseUrl // 'http://localhost:3000'
 */
export function resolveOptions(options: CourseServiceMockOptions): ResolvedOptions {
  if (typeof options?.baseUrl !== 'string')
    throw new TypeError("createCourseServiceMock needs a 'baseUrl', e.g. 'http://localhost:3000'.");
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    apiKeys: options.apiKeys ?? [],
    idTokens: options.idTokens ?? {},
    seed: { courses: options.seed?.courses ?? [] },
    rateLimit: { max: 100, windowSeconds: 60, authFailureMax: 20, ...options.rateLimit },
    apiKeyPrefix: options.apiKeyPrefix ?? 'cms',
    bodyLimitBytes: options.bodyLimitBytes ?? 65_536,
    clock: options.clock ?? (() => new Date()),
    spec: options.spec ?? openApiDocument,
    overrides: options.overrides ?? false,
    secretScanningKeys: options.secretScanningKeys ?? {},
    webhookAllowPrivateUrls: options.webhookAllowPrivateUrls ?? false,
    webhooks: options.webhooks === undefined ? undefined : resolveWebhooks(options.webhooks),
  };
}
