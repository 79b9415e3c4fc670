type Schema = Record<string, unknown>;

/**
 * Follows `$ref`s (`#/…` pointers into `document`) until a schema without one.
 *
 * @example resolveSchema(document, { $ref: '#/components/schemas/CourseCreate' }).required; // ['name', …]
 */
export function resolveSchema(document: Schema, schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, part) => (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      ) as Schema;
  }
  return current;
}
