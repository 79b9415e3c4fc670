import type { ApiKeyUsage } from '../../sdk/index.ts';
import { h } from './dom.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DAY_MS = 86_400_000;
const [WIDTH, HEIGHT, AXIS] = [560, 160, 18];

type Outcome = 'success' | 'forbidden' | 'rateLimited' | 'clientError' | 'serverError';

/** Each outcome's words and fill: a pattern as well as a colour, so the chart reads without colour. */
const OUTCOMES: Array<{ key: Outcome; label: string; fill: string }> = [
  { key: 'success', label: 'Succeeded', fill: 'var(--chart-success, #2f7d4a)' },
  { key: 'forbidden', label: '403 Forbidden', fill: 'url(#usage-hatch)' },
  { key: 'rateLimited', label: '429 Rate limited', fill: 'url(#usage-dots)' },
  { key: 'clientError', label: 'Other 4xx', fill: 'url(#usage-cross)' },
  { key: 'serverError', label: '5xx', fill: 'var(--chart-error, #9b1c1c)' },
];

function svg(tag: string, attributes: Record<string, string | number>, ...children: Node[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** The hatch, dot and cross patterns the error outcomes are drawn with. */
function patterns(): SVGElement {
  const pattern = (id: string, ...marks: SVGElement[]) =>
    svg(
      'pattern',
      { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
      svg('rect', { width: 6, height: 6, fill: '#fff' }),
      ...marks,
    );
  const line = (d: string, colour: string) => svg('path', { d, stroke: colour, 'stroke-width': 1.5 });
  return svg(
    'defs',
    {},
    pattern('usage-hatch', line('M0 6L6 0', '#8a5a00')),
    pattern('usage-dots', svg('circle', { cx: 3, cy: 3, r: 1.6, fill: '#5b3f9e' })),
    pattern('usage-cross', line('M0 0L6 6M6 0L0 6', '#b45309')),
  );
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** One day's summary in words, for the bar's tooltip and the table. */
function describe(day: { start: string } & Record<Outcome, number>): string {
  const parts = OUTCOMES.filter(({ key }) => day[key] > 0).map(({ key, label }) => `${day[key]} ${label}`);
  return `${dayLabel.format(new Date(day.start))}: ${parts.length > 0 ? parts.join(', ') : 'no requests'}`;
}

/**
 * A key's requests per day as stacked SVG bars, one per day of the range: each outcome a pattern
 * as well as a colour, named in the legend, each bar titled with its counts in words, and the
 * same numbers in a table for screen readers and anyone who prefers one.
 *
 * @example section.append(usageChart(await client.apiKeys.usage(keyId)));
 */
export function usageChart(usage: ApiKeyUsage): HTMLElement {
  const byStart = new Map(usage.data.map((bucket) => [Date.parse(bucket.start), bucket]));
  const days: Array<{ start: string } & Record<Outcome, number>> = [];
  for (let at = Date.parse(usage.from); at < Date.parse(usage.to); at += DAY_MS) {
    const bucket = byStart.get(at);
    days.push(
      bucket ?? {
        start: new Date(at).toISOString(),
        success: 0,
        forbidden: 0,
        rateLimited: 0,
        clientError: 0,
        serverError: 0,
      },
    );
  }
  const total = (day: (typeof days)[number]) => OUTCOMES.reduce((sum, { key }) => sum + day[key], 0);
  const max = Math.max(1, ...days.map(total));
  const slot = WIDTH / Math.max(days.length, 1);
  const bars = days.map((day, i) => {
    let y = HEIGHT - AXIS;
    const segments = OUTCOMES.filter(({ key }) => day[key] > 0).map(({ key, fill }) => {
      const height = Math.max(1, (day[key] / max) * (HEIGHT - AXIS - 4));
      y -= height;
      return svg('rect', {
        x: i * slot + 2,
        y,
        width: slot - 4,
        height,
        fill,
        stroke: '#333',
        'stroke-width': 0.5,
      });
    });
    return svg('g', {}, svg('title', {}, document.createTextNode(describe(day))), ...segments);
  });
  const axis = svg('line', { x1: 0, y1: HEIGHT - AXIS, x2: WIDTH, y2: HEIGHT - AXIS, stroke: '#666' });
  const ends = [0, days.length - 1].map((i) =>
    svg(
      'text',
      {
        x: i === 0 ? 0 : WIDTH,
        y: HEIGHT - 4,
        'font-size': 11,
        'text-anchor': i === 0 ? 'start' : 'end',
        fill: 'currentColor',
      },
      document.createTextNode(days[i] ? dayLabel.format(new Date(days[i].start)) : ''),
    ),
  );
  const requests = days.reduce((sum, day) => sum + total(day), 0);
  const chart = svg(
    'svg',
    {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: 'img',
      class: 'usage-chart',
      'aria-label': `Requests per day: ${requests} in ${days.length} days`,
    },
    patterns(),
    ...bars,
    axis,
    ...ends,
  );
  const legend = h(
    'ul',
    { class: 'usage-legend' },
    OUTCOMES.map(({ label, fill }) =>
      h(
        'li',
        {},
        svg(
          'svg',
          { viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': 'true' },
          svg('rect', { width: 12, height: 12, fill, stroke: '#333' }),
        ),
        ` ${label}`,
      ),
    ),
  );
  const table = h(
    'details',
    {},
    h('summary', {}, 'Show as a table'),
    h(
      'ul',
      { class: 'usage-days' },
      days.filter((day) => total(day) > 0).map((day) => h('li', {}, describe(day))),
    ),
  );
  return h('figure', { class: 'usage' }, chart, legend, table);
}
