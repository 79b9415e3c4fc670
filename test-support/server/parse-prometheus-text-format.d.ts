// The parser ships no types: it takes exposition text and returns its metric families.
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
