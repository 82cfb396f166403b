/**
 * plans.previewImport / plans.import: text -> a plan and its report. A Loadsmith plan file is parsed and validated
 * as before (located issues); cURL, Postman, OpenAPI/Swagger and Vegeta targets go through engine/convert, a HAR
 * through the recorder's conversion (engine/convert/recording), and their report is kept. Bad input is a ContractError saying what, where and what to do; nothing is stored.
 */
import {
  ConvertError,
  detectFormat,
  importPlan,
  planRequests,
  type AnyImportOptions,
  type ImportFormat as ConvertFormat,
  type ImportResult,
} from 'loadsmith/convert';
import { PlanError, parsePlan, requestName, type Plan } from 'loadsmith/plan';
import {
  ContractError,
  type ConvertNote,
  type ImportFormat,
  type ImportPreview,
  type ParsedParams,
} from '../contract/index.ts';
import { importVariables, type KnownValues } from './import-variables.ts';
import type { ImportWorker } from './import-worker/client.ts';
import { toContractIssue, type PlanAnalysis } from './plan-analysis.ts';

export type ImportParams = ParsedParams<'plans.previewImport'>;

export interface ConvertedImport {
  plan: Plan;
  format: ImportFormat;
  detected: boolean;
  notes: ConvertNote[];
  variables: ImportPreview['variables'];
  /** Values a new environment gets (secrets included): never sent to the UI. */
  values: KnownValues;
}

const NAMES: Record<ImportFormat, string> = {
  plan: 'Loadsmith plan',
  curl: 'cURL',
  har: 'HAR',
  postman: 'Postman collection',
  openapi: 'OpenAPI/Swagger',
  vegeta: 'Vegeta targets',
  jmeter: 'JMeter test plan',
};
const WHAT_TO_DO =
  'choose the format (Loadsmith plan, cURL, HAR, Postman collection, OpenAPI/Swagger, Vegeta targets or JMeter test plan) if it is one of them';

/** A Loadsmith plan (`version: 1` and `scenarios`) first, then the converters' detection, then the file name. */
export function detectSource(text: string, fileName: string): ImportFormat | undefined {
  const head = text.replace(/^\uFEFF/, '').slice(0, 20_000);
  const yamlPlan = /^version:\s*\d+\s*(#.*)?$/m.test(head) && /^scenarios:/m.test(head);
  const jsonPlan = /^\s*\{/.test(head) && /"version"\s*:\s*\d/.test(head) && /"scenarios"\s*:/.test(head);
  if (yamlPlan || jsonPlan) return 'plan';
  const converted = detectFormat(text, fileName);
  if (converted) return converted;
  return /\.(ya?ml|json)$/i.test(fileName) ? 'plan' : undefined;
}

export function convertImport(p: ImportParams): ConvertedImport {
  const detected = p.from === undefined;
  const format = p.from ?? detectSource(p.text, p.fileName);
  if (format === undefined) {
    throw new ContractError('invalid_params', `${p.fileName}: cannot tell which format this is: ${WHAT_TO_DO}`);
  }
  if (format === 'plan') return fromPlanFile(p, detected);
  let result;
  try {
    result = convert(p, format);
  } catch (e) {
    if (e instanceof ConvertError)
      throw new ContractError('invalid_params', convertMessage(e.message, p.fileName, format));
    throw e;
  }
  const notes = result.notes.map(appNote);
  const plan = p.name ? { ...result.plan, name: p.name } : result.plan;
  const { variables, values } = importVariables(plan, result.env, notes, p.environment?.text);
  return { plan, format: result.format satisfies ConvertFormat, detected, notes, variables, values };
}

/** convertImport in the import worker (off the app's event loop), with the plan's analysis done there too. */
export function convertImportOffThread(
  imports: ImportWorker,
  p: ImportParams,
): Promise<{ converted: ConvertedImport; analysis: PlanAnalysis }> {
  return imports.run('plan-import', p, p.fileName);
}

/** The preview lists this many requests; it counts them all. */
export const PREVIEW_REQUESTS = 1000;

/** What the preview shows: the outline of the plan and the report. */
export function previewOf(c: ConvertedImport, issues: ImportPreview['issues']): ImportPreview {
  const all = [...planRequests(c.plan)];
  const requests = all
    .slice(0, PREVIEW_REQUESTS)
    .map(({ request }) => ({ method: request.method ?? 'GET', name: requestName(request) }));
  return {
    format: c.format,
    detected: c.detected,
    notes: c.notes,
    variables: c.variables,
    issues,
    planName: c.plan.name,
    scenarios: Object.keys(c.plan.scenarios).length,
    requests,
    requestCount: all.length,
  };
}

export function formatName(format: ImportFormat): string {
  return NAMES[format];
}

function fromPlanFile(p: ImportParams, detected: boolean): ConvertedImport {
  let parsed;
  try {
    parsed = parsePlan(p.text, p.fileName);
  } catch (e) {
    if (e instanceof PlanError)
      throw new ContractError(
        'plan_invalid',
        `${p.fileName} is not a valid plan:\n${e.message}`,
        e.issues.map(toContractIssue),
      );
    throw e;
  }
  const plan = p.name ? { ...parsed.plan, name: p.name } : parsed.plan;
  const { variables, values } = importVariables(plan, [], [], undefined);
  return { plan, format: 'plan', detected, notes: [], variables, values };
}

/** A HAR goes through the recorder's conversion (correlations, checks), as Recorder › Import HAR does. */
function convert(p: ImportParams, format: ConvertFormat): ImportResult {
  const o = converterOptions(p);
  return importPlan(p.text, format, o);
}

function converterOptions(p: ImportParams): AnyImportOptions {
  return {
    file: p.fileName,
    ...(p.name ? { name: p.name } : {}),
    ...(p.environment ? { environment: p.environment.text, environmentFile: p.environment.fileName } : {}),
    ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}),
    ...(p.skipStatic ? { skipStatic: true } : {}),
    ...(p.includeWrites ? { includeWrites: true } : {}),
    ...(p.rate !== undefined ? { rate: p.rate } : {}),
    ...(p.duration ? { duration: p.duration } : {}),
  };
}

/** The converter's message in the app's words: always naming the file, no command-line options. */
function convertMessage(message: string, fileName: string, format: ImportFormat): string {
  const text = message.replace(/;?\s*say it with --from \S+/, `: ${WHAT_TO_DO}`);
  const located = text.startsWith(fileName) ? text : `${fileName}: ${text}`;
  return `${located}\n(read as ${NAMES[format]}: if it is something else, choose its format)`;
}

/** "run with --env NAME=..." is the CLI's advice; in the app a variable is set in an environment. */
export function appNote(n: ConvertNote): ConvertNote {
  return {
    ...n,
    message: n.message.replace(/run with --env ([A-Za-z_]\w*)=\.\.\./g, 'set $1 in an environment (CLI: --env $1=...)'),
  };
}
