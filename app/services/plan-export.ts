/**
 * Plans leave the app as YAML or JSON files. Secret-looking literals (auth tokens and passwords, API keys,
 * credential headers) become ${env.NAME} references unless the user asks to keep them, so a plan can be
 * committed to git without leaking credentials.
 */
import { stringify } from 'yaml';
import { scrubCredentials } from './plan-credentials.ts';

export interface ExportedPlan {
  fileName: string;
  text: string;
  replacedSecrets: { path: string; env: string }[];
}

export function exportPlan(
  document: unknown,
  name: string,
  format: 'yaml' | 'json',
  includeSecrets: boolean,
): ExportedPlan {
  const doc = structuredClone(document);
  const replaced = includeSecrets ? [] : scrubCredentials(doc).map(({ path, env }) => ({ path, env }));
  const base =
    name
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'plan';
  return format === 'json'
    ? { fileName: `${base}.json`, text: `${JSON.stringify(doc, null, 2)}\n`, replacedSecrets: replaced }
    : { fileName: `${base}.yaml`, text: stringify(doc, { lineWidth: 0 }), replacedSecrets: replaced };
}
