import type { JsonSchema } from './json-schema.ts';
import type { ToolSpec } from './tool-catalogue.ts';

/**
 * The `owner` argument of master-key tools: whose courses or keys to act on. Not an API field (the
 * REST API takes the owner from the credential), so it is defined here, with the ID token's `sub`
 * constraints.
 */
const OWNER_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '\\S',
  description:
    "The owner to act for: the identity-provider subject (`sub`) that owns the courses and API keys, e.g. 'alice'.",
};

/**
 * The master key's variant of a tool: the same operation with an explicit, required `owner`
 * first. Key management tools exist only in this form.
 */
function withOwner(tool: ToolSpec): ToolSpec {
  const input = tool.inputSchema as { properties: Record<string, JsonSchema>; required: string[] };
  if ('owner' in input.properties) throw new Error(`${tool.name}: an argument is already called 'owner'`);
  const subject = tool.admin ? 'API keys' : 'production courses (never the test sandbox)';
  return {
    ...tool,
    description: `${tool.description} Master key: acts on the ${subject} of \`owner\`.`,
    inputSchema: {
      ...tool.inputSchema,
      properties: { owner: OWNER_SCHEMA, ...input.properties },
      required: ['owner', ...input.required],
      ...(typeof tool.inputSchema.minProperties === 'number' && {
        minProperties: tool.inputSchema.minProperties + 1,
      }),
    },
  };
}

/** The tools each kind of credential may call, by name. */
export interface ToolSets {
  /** Course tools acting on the key's own owner; listed only when the key has their scopes. */
  apiKey: Map<string, ToolSpec>;
  /** Every tool, each with `owner`: course tools across owners and key management. */
  master: Map<string, ToolSpec>;
  /** Every tool as it is, for a signed-in user (ID token): their own courses and API keys. */
  user: Map<string, ToolSpec>;
}

/** Splits the catalogue into what API keys, signed-in users and the master key can call. */
export function toolSets(catalogue: ToolSpec[]): ToolSets {
  return {
    apiKey: new Map(catalogue.filter((tool) => !tool.admin).map((tool) => [tool.name, tool])),
    master: new Map(catalogue.map((tool) => [tool.name, withOwner(tool)])),
    user: new Map(catalogue.map((tool) => [tool.name, tool])),
  };
}
