/**
 * The plan's JSON Schema, generated from the zod schema. Checked in as plans/plan.schema.json so editors
 * (Monaco, VS Code) and CI can validate plan files; a test fails when the checked-in copy is stale.
 */
import { z } from 'zod';
import { Plan, PLAN_VERSION } from './schema/index.ts';

export type JsonSchema = { [key: string]: unknown };

let cached: JsonSchema | undefined;

export function planJsonSchema(): JsonSchema {
  cached ??= {
    ...z.toJSONSchema(Plan, { target: 'draft-7', io: 'input', unrepresentable: 'any' }),
    $id: 'https://loadsmith.dev/schemas/plan.schema.json',
    title: `Loadsmith plan (version ${PLAN_VERSION})`,
    description: 'An HTTP load-test plan: scenarios of steps run by virtual users, checks, thresholds.',
  } as JsonSchema;
  return cached;
}

/** The keys allowed at `path` in a document, resolving unions with the document's own value. */
export function allowedKeysAt(root: JsonSchema, doc: unknown, path: readonly (string | number)[]): string[] {
  const defs = (root.definitions ?? root.$defs ?? {}) as Record<string, JsonSchema>;
  const resolve = (s: JsonSchema | undefined, value: unknown): JsonSchema | undefined => {
    for (let guard = 0; s && guard < 20; guard++) {
      if (typeof s.$ref === 'string') {
        s = defs[s.$ref.split('/').pop() as string];
        continue;
      }
      // zod writes a described reference as { allOf: [{ $ref }] }.
      if (Array.isArray(s.allOf) && s.allOf.length === 1) {
        s = s.allOf[0] as JsonSchema;
        continue;
      }
      const branches = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
      if (!branches) return s;
      s = bestBranch(
        branches.map((b) => resolve(b, value)).filter((b): b is JsonSchema => b !== undefined),
        value,
      );
    }
    return s;
  };
  let schema = resolve(root, doc);
  let value = doc;
  for (const seg of path) {
    if (!schema) return [];
    value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[seg] : undefined;
    const props = schema.properties as Record<string, JsonSchema> | undefined;
    const next =
      typeof seg === 'number'
        ? (schema.items as JsonSchema | undefined)
        : (props?.[seg] ??
          (typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined));
    schema = resolve(next, value);
  }
  return Object.keys((schema?.properties as object | undefined) ?? {});
}

function bestBranch(branches: JsonSchema[], value: unknown): JsonSchema | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return branches.find((b) => b.type !== 'object') ?? branches[0];
  const keys = Object.keys(value);
  let best: JsonSchema | undefined;
  let bestScore = -1;
  for (const b of branches) {
    const props = b.properties as Record<string, JsonSchema> | undefined;
    if (!props) continue;
    let score = keys.filter((k) => k in props).length;
    // A matching discriminator (executor: constant-vus, type: bearer) decides on its own.
    for (const [k, p] of Object.entries(props))
      if (p.const !== undefined && (value as Record<string, unknown>)[k] === p.const) score += 100;
    if (score > bestScore) {
      best = b;
      bestScore = score;
    }
  }
  return best;
}
