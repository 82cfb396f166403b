/**
 * plans.export in every format: YAML and JSON as plan files (plan-export.ts), and through engine/convert a k6
 * script, cURL commands or HAR. Unless the user asks for secrets, the same secret literals the plan files hide
 * (auth, credential headers) and credential-named query, form and JSON fields are replaced by ${env.NAME} before
 * converting, so the script references environment variables instead of carrying the values.
 */
import { exportPlan as convertPlan, planRequests } from 'loadsmith/convert';
import { PlanError, requestName, validatePlanValue } from 'loadsmith/plan';
import { ContractError, type ExportedFile, type ParsedParams } from '../contract/index.ts';
import { toContractIssue } from './plan-analysis.ts';
import { exportPlan as exportPlanFile } from './plan-export.ts';
import { hideSecretFields } from './secret-fields.ts';

export type ExportParams = Omit<ParsedParams<'plans.export'>, 'id'>;

const LABELS = { k6: 'a k6 script', curl: 'cURL', har: 'HAR' } as const;

export function exportAs(document: unknown, name: string, p: ExportParams): ExportedFile {
  const format = p.format ?? 'yaml';
  const includeSecrets = p.includeSecrets ?? false;
  if (format === 'yaml' || format === 'json') {
    const file = exportPlanFile(document, name, format, includeSecrets);
    return { ...file, mediaType: format === 'json' ? 'application/json' : 'application/yaml', notes: [] };
  }
  let doc = document;
  const replacedSecrets: ExportedFile['replacedSecrets'] = [];
  if (!includeSecrets) {
    // The plan-file export hides auth and header secrets; its JSON text is the scrubbed document.
    const scrubbed = exportPlanFile(document, name, 'json', false);
    doc = JSON.parse(scrubbed.text) as unknown;
    replacedSecrets.push(
      ...scrubbed.replacedSecrets,
      ...hideSecretFields(doc, new Set(scrubbed.replacedSecrets.map((s) => s.env))),
    );
  }
  let plan;
  try {
    plan = validatePlanValue(doc).plan;
  } catch (e) {
    if (e instanceof PlanError)
      throw new ContractError(
        'plan_invalid',
        `${name} has problems: fix them before exporting it as ${LABELS[format]}.\n${e.message}`,
        e.issues.map(toContractIssue),
      );
    throw e;
  }
  if (p.request !== undefined && ![...planRequests(plan)].some(({ request }) => requestName(request) === p.request)) {
    throw new ContractError('not_found', `${name} has no request named "${p.request}"`);
  }
  const shell = p.shell ?? 'bash';
  const result = convertPlan(plan, format, { ...(p.request !== undefined ? { request: p.request } : {}), shell });
  const base = slug(name) || 'plan';
  const fileName =
    format === 'k6'
      ? `${base}.js`
      : format === 'har'
        ? `${base}.har`
        : `${p.request !== undefined ? `${base}-${slug(p.request) || 'request'}` : base}.${shell === 'cmd' ? 'cmd' : 'sh'}`;
  const mediaType = format === 'k6' ? 'text/javascript' : format === 'har' ? 'application/json' : 'text/plain';
  return { fileName, text: result.text, mediaType, replacedSecrets, notes: result.notes };
}

/** The file-name part plan-export.ts uses: lower case, word characters, dots and dashes. */
function slug(text: string): string {
  return text
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}
