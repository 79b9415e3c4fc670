import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One sample of a scrape: its series name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Family {
  name: string;
  type: string;
  metrics: Array<{ value?: string; labels?: Record<string, string> }>;
}

/**
 * Parses an exposition with a Prometheus text-format parser (parse-prometheus-text-format): once
 * as it is, which checks every line and names each family's type, then as the flat samples
 * Prometheus stores (`_bucket`, `_sum` and `_count` apart): the parser folds a labelled
 * histogram's series into one, so for the samples the `# TYPE` lines are left out.
 */
export function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const families = parsePrometheusTextFormat(text) as Family[];
  const types = new Map(families.map((family) => [family.name, family.type]));
  const untyped = text
    .split('\n')
    .filter((line) => !line.startsWith('# TYPE'))
    .join('\n');
  const samples = (parsePrometheusTextFormat(untyped) as Family[]).flatMap((family) =>
    family.metrics.map((metric) => ({
      name: family.name,
      labels: metric.labels ?? {},
      value: Number(metric.value),
    })),
  );
  return { types, samples };
}

/** The value of the first sample named `name` whose labels include `labels`; `undefined` if none. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, want]) => sample.labels[label] === want),
  )?.value;
}

/**
 * Each `METHOD route status` the HTTP duration histogram counted requests under, in the server's
 * `/metrics` at `baseUrl` now.
 *
 * @example expect(await countedRoutes(server.url)).toContain('POST /dev/token 200');
 */
export async function countedRoutes(baseUrl: string): Promise<string[]> {
  const { samples } = parseExposition(await (await fetch(`${baseUrl}/metrics`)).text());
  return samples
    .filter((sample) => sample.name === 'http_server_request_duration_seconds_count')
    .map(
      ({ labels }) =>
        `${labels.http_request_method} ${labels.http_route} ${labels.http_response_status_code}`,
    );
}
