/** Shapes shared by several domains of the contract. */
import { z } from 'zod';

export const Id = z.string().min(1).max(100);
export const IsoTime = z.string().meta({ description: 'ISO 8601 time' });

/** A plan problem as the UI shows it: path in the document, message, and where in the YAML/JSON text when known. */
export const PlanIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  line: z.number().optional(),
  column: z.number().optional(),
});
export type PlanIssue = z.infer<typeof PlanIssue>;

/** Load overrides a run may apply (as the CLI's --vus / --duration / --iterations). */
export const RunOverrides = z.strictObject({
  vus: z.int().min(1).max(1_000_000).optional(),
  duration: z
    .string()
    .regex(/^(\d+(\.\d+)?(ms|s|m|h))+$/, { error: 'a duration such as 30s or 1m30s' })
    .optional(),
  iterations: z.int().min(1).optional(),
  /** Iterations per second per scenario (open model); see engine/plan/overrides.ts. */
  rate: z.number().positive().max(10_000_000).optional(),
});
export type RunOverrides = z.infer<typeof RunOverrides>;
