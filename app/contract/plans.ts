/** plans.*: the plan library. A stored plan may be invalid (a draft); it runs only when valid. */
import { SHELLS } from 'loadsmith/convert/types';
import { z } from 'zod';
import { Id, IsoTime, PlanIssue } from './common.ts';
import { ExportedFile, ImportPreview, ImportReport, ImportSource, PLAN_EXPORT_FORMATS } from './plan-files.ts';

export * from './plan-files.ts';

export const PlanSummary = z.object({
  id: Id,
  name: z.string(),
  revision: z.int(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  valid: z.boolean(),
  scenarios: z.int(),
  requests: z.int(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

/** A credential written literally in the plan (`defaults.auth.token`) and the variable it would become. */
export const LiteralCredential = z.object({ path: z.string(), env: z.string() });
export type LiteralCredential = z.infer<typeof LiteralCredential>;

export const PlanRecord = PlanSummary.extend({
  /** The plan document (JSON); a valid one matches engine/plan's schema. */
  document: z.unknown(),
  issues: z.array(PlanIssue),
  /** Tokens, passwords, API keys and credential headers stored in clear: plans.moveCredentials can move them. */
  credentials: z.array(LiteralCredential),
});
export type PlanRecord = z.infer<typeof PlanRecord>;

/** One stored revision: when, the plan's name then, what made it (`note`; null: edited in the designer), its name. */
export const PlanRevision = z.object({
  revision: z.int(),
  savedAt: IsoTime,
  name: z.string(),
  note: z.string().nullable(),
  label: z.string().nullable(),
});
export type PlanRevision = z.infer<typeof PlanRevision>;

const idParam = z.strictObject({ id: Id });

export const planMethods = {
  'plans.list': { params: z.strictObject({}), result: z.array(PlanSummary) },
  'plans.get': { params: idParam, result: PlanRecord },
  'plans.create': {
    params: z.strictObject({ name: z.string().trim().min(1).max(200), template: z.enum(['blank', 'demo']).optional() }),
    result: PlanRecord,
  },
  'plans.save': {
    params: z.strictObject({
      id: Id,
      document: z.unknown(),
      /** The revision the editor started from; a newer one on disk is a conflict, never silently overwritten. */
      baseRevision: z.int().optional(),
      note: z.string().max(500).optional(),
    }),
    result: PlanRecord,
  },
  'plans.rename': { params: z.strictObject({ id: Id, name: z.string().trim().min(1).max(200) }), result: PlanRecord },
  'plans.duplicate': {
    params: z.strictObject({ id: Id, name: z.string().trim().min(1).max(200).optional() }),
    result: PlanRecord,
  },
  'plans.delete': { params: idParam, result: z.strictObject({ deleted: z.boolean() }) },
  /** The plan's history, newest first. Autosaves less than a minute apart are one revision (numbers have gaps). */
  'plans.revisions': { params: idParam, result: z.array(PlanRevision) },
  /** One revision with its document (to compare it with another). */
  'plans.revision': {
    params: z.strictObject({ id: Id, revision: z.int() }),
    result: PlanRevision.extend({ document: z.unknown() }),
  },
  /** Names a revision ("before the login change"), or removes its name with null; a named revision is kept as is. */
  'plans.labelRevision': {
    params: z.strictObject({ id: Id, revision: z.int(), label: z.string().trim().min(1).max(100).nullable() }),
    result: PlanRevision,
  },
  /**
   * Moves the plan's literal credentials into an environment's secrets: each becomes a secret variable there and
   * `${env.NAME}` in a new revision of the plan, and its value is taken out of every earlier revision and run
   * snapshot of the plan (replaced by the same reference), so the database no longer holds it in clear.
   */
  'plans.moveCredentials': {
    params: z.strictObject({ id: Id, environmentId: Id, baseRevision: z.int().optional() }),
    result: PlanRecord.extend({
      moved: z.array(LiteralCredential),
      environment: z.object({ id: Id, name: z.string() }),
      /** Earlier revisions and run snapshots the values were taken out of. */
      rewritten: z.object({ revisions: z.int(), runs: z.int() }),
    }),
  },
  'plans.restore': { params: z.strictObject({ id: Id, revision: z.int() }), result: PlanRecord },
  /** What importing this text would give (format, plan outline, report, variables to set); nothing is stored. */
  'plans.previewImport': { params: ImportSource, result: ImportPreview },
  /**
   * Stores the plan a file or pasted text holds: a plan file (YAML or JSON; invalid files are refused with located
   * issues) or cURL, HAR, Postman, OpenAPI/Swagger, Vegeta targets, converted with a report. Optionally creates an
   * environment holding the variables the plan reads, which becomes the chosen one (settings.lastEnvironmentId).
   */
  'plans.import': {
    params: ImportSource.extend({
      createEnvironment: z.strictObject({ name: z.string().trim().min(1).max(200) }).optional(),
    }),
    result: PlanRecord.extend({ report: ImportReport }),
  },
  /**
   * The plan as a file: YAML or JSON (secrets in headers and auth become ${env.NAME} references unless
   * includeSecrets), or a k6 script, cURL commands (`request`: only that one) or HAR, with what they cannot express.
   */
  'plans.export': {
    params: z.strictObject({
      id: Id,
      format: z.enum(PLAN_EXPORT_FORMATS).optional(),
      includeSecrets: z.boolean().optional(),
      request: z.string().min(1).max(500).optional(),
      shell: z.enum(SHELLS).optional(),
    }),
    result: ExportedFile,
  },
} as const;
