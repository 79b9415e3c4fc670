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
  return error.message ?? 'is invalid';
}

/**
 * Turns openapi-backend's Ajv errors (instance paths such as `/requestBody/name` or `/query/limit`)
 * into the problem's per-field `errors`: where the field is, a JSON Pointer to it, and what is wrong.
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
  const unique = new Map<string, FieldError>();
  for (const field of fields) unique.set(`${field.location} ${field.pointer} ${field.detail}`, field);
  return [...unique.values()];
}
