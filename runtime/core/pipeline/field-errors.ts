import type { ErrorObject } from 'ajv';
import type { FieldError } from '../../domain/problems.ts';

const LOCATIONS: Record<string, FieldError['location']> = {
  requestBody: 'body',
  query: 'query',
  path: 'path',
  header: 'header',
};

function describe(error: ErrorObject): string {
  const { params } = error;
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a known field';
  if (error.keyword === 'enum') return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
  // The spec's text patterns refuse control characters: say so in words rather than quote them.
  const pattern = error.keyword === 'pattern' ? String(params.pattern) : '';
  if (pattern.startsWith('^[^\\S\\x00-'))
    return 'must have a non-space character and no control characters (U+0000-U+001F)';
  if (pattern.startsWith('^[^\\x00-'))
    return 'must have no control characters (U+0000-U+001F) but tab, line feed and carriage return';
  return error.message ?? 'is invalid';
}

/**
 * Turns Ajv errors on the request model (`/requestBody/name`, `/query/limit`, `/header/…`) into a
 * `validation_failed` problem's `errors`: where the field is, a JSON Pointer to it, and what is wrong.
 *
 * @example toFieldErrors(validate.errors ?? []) // [{ location: 'body', pointer: '/name', detail: 'is required' }]
 */
export function toFieldErrors(errors: ErrorObject[]): FieldError[] {
  const fields = errors
    .filter((error) => !['if', 'anyOf', 'oneOf', 'allOf'].includes(error.keyword))
    .map((error): FieldError => {
      const [, root = '', ...rest] = error.instancePath.split('/');
      const { missingProperty, additionalProperty } = error.params as Record<string, string | undefined>;
      const child = missingProperty ?? additionalProperty;
      if (root === '' && child === 'requestBody')
        return { location: 'body', pointer: '', detail: 'a JSON body is required' };
      const segments = child === undefined ? rest : [...rest, child];
      return {
        location: LOCATIONS[root] ?? 'body',
        pointer: segments.length ? `/${segments.join('/')}` : '',
        detail: describe(error),
      };
    });
  const seen = new Set<string>();
  return fields.filter((field) => {
    const id = `${field.location} ${field.pointer} ${field.detail}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
