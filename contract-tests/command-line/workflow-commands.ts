/**
 * Escapes a GitHub Actions workflow command's message (`%`, carriage returns, line feeds).
 *
 * @example `::error file=openapi.yaml,line=12::${escapeData(message)}`
 */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * Escapes a workflow command's property value (`file`, `title`): as a message, and `:` and `,` too.
 *
 * @example `::error title=${escapeProperty('Breaking: a, b')}::…`
 */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
