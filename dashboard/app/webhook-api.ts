import {
  createCourseClient,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  type KeyEnvironment,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookDelivery,
  rotateWebhookEndpointSecret,
  sendTestWebhookEvent,
  updateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
} from '../../sdk/index.ts';

/** How many deliveries the log shows: the newest page. */
export const DELIVERIES_SHOWN = 50;

/** The webhook operations, called with the API key the person gave (scope `webhooks:write`). */
export interface WebhookApi {
  /** The key's environment as the key itself says (`cms_test_…`); the server's word comes with the list. */
  readonly keyEnvironment: KeyEnvironment | undefined;
  /** Every endpoint of the key's environment, newest first, and the environment that answered. */
  listEndpoints(): Promise<{ endpoints: WebhookEndpoint[]; environment: KeyEnvironment | undefined }>;
  create(body: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret>;
  update(endpointId: string, body: WebhookEndpointUpdate): Promise<WebhookEndpoint>;
  remove(endpointId: string): Promise<void>;
  rotateSecret(endpointId: string, oldSecretExpiresIn: number): Promise<WebhookEndpointWithSecret>;
  sendTest(endpointId: string): Promise<WebhookDelivery>;
  /** The newest {@link DELIVERIES_SHOWN} deliveries, and whether there are more. */
  deliveries(endpointId: string): Promise<{ deliveries: WebhookDelivery[]; more: boolean }>;
  redeliver(endpointId: string, deliveryId: string): Promise<WebhookDelivery>;
}

const isEnvironment = (value: string | null): value is KeyEnvironment => value === 'prod' || value === 'test';

/**
 * The webhook operations with an API key the person typed in: the key stays in memory, is sent as
 * `Authorization: Bearer`, and every failure arrives as the SDK's typed error. No automatic retries:
 * a person is watching.
 *
 * @example const { endpoints } = await webhookApi(apiKey).listEndpoints();
 */
export function webhookApi(apiKey: string): WebhookApi {
  const sdk = createCourseClient({ baseUrl: location.origin, apiKey, maxRetries: 0, timeout: 20_000 });
  const call = { client: sdk.raw, throwOnError: true } as const;
  const path = (endpointId: string) => ({ path: { endpointId } });
  return {
    keyEnvironment: sdk.environment,
    async listEndpoints() {
      const endpoints: WebhookEndpoint[] = [];
      let environment = sdk.environment;
      let cursor: string | undefined;
      for (;;) {
        const { data, response } = await listWebhookEndpoints({
          ...call,
          query: { limit: 100, ...(cursor ? { cursor } : {}) },
        });
        const answered = response.headers.get('course-environment');
        if (isEnvironment(answered)) environment = answered;
        endpoints.push(...data.data);
        if (!data.hasMore || !data.nextCursor) return { endpoints, environment };
        cursor = data.nextCursor;
      }
    },
    create: async (body) => (await createWebhookEndpoint({ ...call, body })).data,
    update: async (endpointId, body) =>
      (await updateWebhookEndpoint({ ...call, ...path(endpointId), body })).data,
    async remove(endpointId) {
      await deleteWebhookEndpoint({ ...call, ...path(endpointId) });
    },
    rotateSecret: async (endpointId, oldSecretExpiresIn) =>
      (await rotateWebhookEndpointSecret({ ...call, ...path(endpointId), body: { oldSecretExpiresIn } }))
        .data,
    sendTest: async (endpointId) => (await sendTestWebhookEvent({ ...call, ...path(endpointId) })).data,
    async deliveries(endpointId) {
      const { data } = await listWebhookDeliveries({
        ...call,
        ...path(endpointId),
        query: { limit: DELIVERIES_SHOWN },
      });
      return { deliveries: data.data, more: data.hasMore };
    },
    redeliver: async (endpointId, deliveryId) =>
      (await redeliverWebhookDelivery({ ...call, path: { endpointId, deliveryId } })).data,
  };
}
