import { resolveSchema } from '../resolve-schema.ts';
import type { SpecOperation } from '../spec.ts';

type Obj = Record<string, unknown>;

/**
 * What a schema represents: the last schema its `$ref`s and single-member `allOf`s lead to, so an
 * endpoint and the same endpoint with its secret (both `allOf` the endpoint's fields) are one kind,
 * and a delivery is another.
 */
function kindOf(document: Obj, schema: Obj | undefined): string | undefined {
  let current = schema;
  let kind: string | undefined;
  while (current) {
    const parts = current.allOf;
    const next =
      typeof current.$ref === 'string'
        ? current
        : Array.isArray(parts) && parts.length === 1 && typeof (parts[0] as Obj).$ref === 'string'
          ? (parts[0] as Obj)
          : undefined;
    if (!next) return kind;
    kind = next.$ref as string;
    current = resolveSchema(document, { $ref: kind });
  }
  return kind;
}

/**
 * The kind of resource `operation` answers with `status` (see {@link kindOf}), or undefined when it
 * answers no JSON body.
 *
 * @example answeredKind(document, publishCourse, '200'); // '#/components/schemas/CourseFields'
 */
export function answeredKind(document: Obj, operation: SpecOperation, status: string): string | undefined {
  const paths = document.paths as Record<string, Obj>;
  const declared = (paths[operation.path]?.[operation.method.toLowerCase()] ?? {}) as Obj;
  const response = (declared.responses as Obj | undefined)?.[status];
  if (!response) return undefined;
  const content = resolveSchema(document, response as Obj).content as Obj | undefined;
  const json = content?.['application/json'] as Obj | undefined;
  return kindOf(document, json?.schema as Obj | undefined);
}
