import { isDeepStrictEqual } from 'node:util';

type Obj = Record<string, unknown>;

/** A node of a document and its path there. */
export interface Located {
  node: Obj;
  path: string[];
}

/** A schema as a client sees it: `$ref`s followed and `allOf` members merged into one. */
export interface SchemaView {
  path: string[];
  /** The JSON types it allows (`null` included), or none for any. */
  types: Set<string> | undefined;
  /** The values it allows (`enum`, or `const` as one value), or none for any. */
  values: unknown[] | undefined;
  /** Every other keyword, with the path it sits at. */
  keywords: Map<string, { value: unknown; path: string[] }>;
  properties: Map<string, Located>;
  required: Set<string>;
  items: Located | undefined;
  choices: Located[] | undefined;
  /** `additionalProperties` or `unevaluatedProperties`: false closes the object, a schema constrains extras. */
  extra: { value: boolean | Located; path: string[] } | undefined;
}

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows `$ref`s (`#/…` pointers into `document`) from `node` at `path` to the node they name.
 *
 * @example resolveRef(document, { $ref: '#/components/schemas/Course' }, []).path; // ['components', 'schemas', 'Course']
 */
export function resolveRef(document: Obj, node: unknown, path: string[]): Located {
  let current: unknown = node;
  let at = path;
  for (let hops = 0; isObj(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    at = ref.slice(2).split('/').map(decode);
    current = at.reduce<unknown>((parent, key) => (isObj(parent) ? parent[key] : undefined), document);
  }
  return { node: isObj(current) ? current : {}, path: at };
}

const STRUCTURE = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'items',
  'oneOf',
  'anyOf',
  'allOf',
]);
const EXTRA = ['additionalProperties', 'unevaluatedProperties'];

function typesOf(schema: Obj): Set<string> | undefined {
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) types.add(String(type));
  if (schema.nullable === true) types.add('null');
  return types.size > 0 ? types : undefined;
}

function intersect<T>(a: Set<T> | undefined, b: Set<T> | undefined): Set<T> | undefined {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((value) => b.has(value)));
}

/**
 * The schema at `node` as one view: its `$ref` followed, its `allOf` members merged (properties,
 * required names, types and values intersected, the first of each other keyword).
 *
 * @example schemaView(document, { $ref: '#/components/schemas/Course' }, []).properties.has('name');
 */
export function schemaView(document: Obj, node: unknown, path: string[]): SchemaView {
  const { node: schema, path: at } = resolveRef(document, node, path);
  const view: SchemaView = {
    path: at,
    types: typesOf(schema),
    values: Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined,
    keywords: new Map(),
    properties: new Map(),
    required: new Set(Array.isArray(schema.required) ? schema.required.map(String) : []),
    items: isObj(schema.items) ? { node: schema.items, path: [...at, 'items'] } : undefined,
    choices: undefined,
    extra: undefined,
  };
  for (const [key, value] of Object.entries(schema)) {
    if (!STRUCTURE.has(key) && !EXTRA.includes(key)) view.keywords.set(key, { value, path: [...at, key] });
  }
  if (isObj(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      view.properties.set(name, { node: property as Obj, path: [...at, 'properties', name] });
  for (const key of ['oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list))
      view.choices = list.map((choice, i) => ({ node: choice, path: [...at, key, String(i)] }));
  }
  for (const key of EXTRA) {
    const value = schema[key];
    if (typeof value === 'boolean') view.extra = { value, path: [...at, key] };
    else if (isObj(value)) view.extra = { value: { node: value, path: [...at, key] }, path: [...at, key] };
  }
  const members = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const [i, member] of members.entries())
    merge(view, schemaView(document, member, [...at, 'allOf', String(i)]));
  return view;
}

function merge(view: SchemaView, member: SchemaView): void {
  view.types = intersect(view.types, member.types);
  if (member.values)
    view.values = view.values
      ? view.values.filter((v) => member.values?.some((m) => isDeepStrictEqual(m, v)))
      : member.values;
  for (const [key, keyword] of member.keywords) if (!view.keywords.has(key)) view.keywords.set(key, keyword);
  for (const [name, property] of member.properties)
    if (!view.properties.has(name)) view.properties.set(name, property);
  for (const name of member.required) view.required.add(name);
  view.items ??= member.items;
  view.choices ??= member.choices;
  view.extra ??= member.extra;
}
