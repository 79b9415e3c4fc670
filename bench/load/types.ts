/** One kind of request a load run repeats. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/api/v1/courses?limit=20`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every answer should have; others count as `non2xx`. Default: any 2xx. */
  status?: number;
}

/** How hard and how long to drive a server. */
export interface LoadOptions {
  connections: number;
  durationSeconds: number;
}

/** What one load run measured. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Completed responses. */
  total: number;
  /**
   * Answers other than the intended (outside 2xx, or not `status` when the request names one): a
   * non-zero count means the figures are not of the intended scenario.
   */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/** A load generator: drives `url` with `request` for a bounded time. */
export interface LoadGenerator {
  name: 'wrk' | 'autocannon';
  run(url: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult>;
}
