/**
 * Plans to and from files, in the contract: the import formats (a Loadsmith plan, cURL, HAR, Postman, OpenAPI,
 * Vegeta), the report a conversion writes (what was not imported, what changed, which secrets became variables)
 * and the export formats: a plan file's own and engine/convert's.
 */
import { EXPORT_FORMATS, IMPORT_FORMATS as CONVERTED_FORMATS, NOTE_KINDS } from 'loadsmith/convert/types';
import { z } from 'zod';
import { Id, PlanIssue } from './common.ts';

/** `plan` is a Loadsmith plan file (YAML or JSON); the others are converted. */
export const IMPORT_FORMATS = ['plan', ...CONVERTED_FORMATS] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const PLAN_EXPORT_FORMATS = ['yaml', 'json', ...EXPORT_FORMATS] as const;
export type PlanExportFormat = (typeof PLAN_EXPORT_FORMATS)[number];

/** One line of a conversion report: what happened, where in the source (file › item), and what to do. */
export const ConvertNote = z.object({
  /** `confirm`: something the user must confirm before a run (a local file the source names: attach or grant it). */
  kind: z.enum(NOTE_KINDS),
  where: z.string(),
  message: z.string(),
});
export type ConvertNote = z.infer<typeof ConvertNote>;

/** An environment variable the imported plan reads. */
export const ImportVariable = z.object({
  name: z.string(),
  /** A credential moved out of the plan (or marked secret in the Postman environment). */
  secret: z.boolean(),
  /** The value an imported Postman environment gives it; null for secrets (never sent back) and when unknown. */
  value: z.string().nullable(),
  /** Whether the import knows a value (a secret's included) to put in a new environment. */
  hasValue: z.boolean(),
  /** The default the plan itself has (`${env.BASE_URL:-https://...}`), used when the variable is not set. */
  planDefault: z.string().nullable(),
});
export type ImportVariable = z.infer<typeof ImportVariable>;

const DURATION = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h))+$/, { error: 'a duration such as 30s or 1m30s' });

/** What to import and how: the text, its file name (or "pasted"), the format when detection is not wanted. */
/** The largest text an import takes (GitHub's whole OpenAPI description is 13 MB). */
export const IMPORT_MAX_CHARS = 20_000_000;

export const ImportSource = z.strictObject({
  text: z.string().max(IMPORT_MAX_CHARS, {
    error:
      'over the import limit of 20 million characters (about 20 MB): import a part of it (fewer requests, a smaller HAR or OpenAPI document)',
  }),
  fileName: z.string().max(500),
  from: z.enum(IMPORT_FORMATS).optional(),
  /** The plan's name; default: from the source (collection name, API title) or the file name. */
  name: z.string().trim().min(1).max(200).optional(),
  /** Postman: the environment file going with the collection. */
  environment: z.strictObject({ text: z.string().max(5_000_000), fileName: z.string().max(500) }).optional(),
  /** OpenAPI: the base URL when the document's servers are relative or missing. */
  baseUrl: z.string().trim().max(2000).optional(),
  /** OpenAPI: also the operations that change state (DELETE, PUT, PATCH, creating POSTs); left out by default. */
  includeWrites: z.boolean().optional(),
  /** HAR: leave out images, scripts, styles, fonts and media. */
  skipStatic: z.boolean().optional(),
  /** Vegeta: the total rate (requests per second) and how long to run. */
  rate: z.number().positive().max(1_000_000).optional(),
  duration: DURATION.optional(),
});
export type ImportSource = z.input<typeof ImportSource>;

const Report = {
  format: z.enum(IMPORT_FORMATS),
  notes: z.array(ConvertNote),
  variables: z.array(ImportVariable),
};

export const ImportPreview = z.object({
  ...Report,
  /** False when the caller named the format. */
  detected: z.boolean(),
  planName: z.string(),
  scenarios: z.int(),
  /** The first 1000 requests, for the outline. */
  requests: z.array(z.object({ method: z.string(), name: z.string() })),
  /** How many requests the plan has (all of them). */
  requestCount: z.int(),
  /** Problems of the converted plan (it is stored as a draft when there are some). */
  issues: z.array(PlanIssue),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** What plans.import adds to the stored plan's record: the report, and the environment created if asked. */
export const ImportReport = z.object({ ...Report, environment: z.object({ id: Id, name: z.string() }).nullable() });
export type ImportReport = z.infer<typeof ImportReport>;

export const ExportedFile = z.object({
  fileName: z.string(),
  text: z.string(),
  /** The file's media type, for downloads. */
  mediaType: z.string(),
  /** Secret literals written as ${env.NAME} (yaml/json: where; k6/curl/har: also where, before conversion). */
  replacedSecrets: z.array(z.object({ path: z.string(), env: z.string() })),
  /** What the target format cannot express (k6, cURL, HAR); empty for plan files. */
  notes: z.array(ConvertNote),
});
export type ExportedFile = z.infer<typeof ExportedFile>;
