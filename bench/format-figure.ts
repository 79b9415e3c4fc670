// How the bench prints a figure, shared by the console report, the comparison and the results page.

/** A figure with `digits` decimals, or `–` when it was not measured (JSON turns NaN into null). */
export const num = (value: number | null | undefined, digits: number): string =>
  value === undefined || value === null || Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
