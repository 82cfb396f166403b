/** The import formats as the import dialog names them, and the format select's options (detected one first). */
import type { ImportFormat, ImportPreview } from '../../../../app/contract/plans.ts';

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  plan: 'Loadsmith plan (YAML or JSON)',
  curl: 'cURL command',
  har: 'HAR recording',
  postman: 'Postman collection',
  openapi: 'OpenAPI or Swagger document',
  vegeta: 'Vegeta targets',
  jmeter: 'JMeter test plan (.jmx)',
};

/** `auto`: the back end detects the format from the content (and the file name). */
export type FormatChoice = ImportFormat | 'auto';

export interface FormatOption { value: FormatChoice; label: string }

/** "Detected: cURL command" while detecting (the format once known), then every format to override it. */
export function formatOptions(detected: ImportFormat | null): FormatOption[] {
  const auto = detected === null ? 'Detect automatically' : `Detected: ${FORMAT_LABELS[detected]}`;
  return [{ value: 'auto', label: auto }, ...(Object.keys(FORMAT_LABELS) as ImportFormat[]).map((f) => ({ value: f, label: FORMAT_LABELS[f] }))];
}

/** The format the preview was read as, when the back end detected it (for the "auto" option's label). */
export function detectedFormat(preview: Pick<ImportPreview, 'format' | 'detected'> | undefined, choice: FormatChoice): ImportFormat | null {
  return choice === 'auto' && preview?.detected ? preview.format : null;
}

/** `*.postman_environment.json`, or JSON that says it is a Postman environment. */
export function isPostmanEnvironment(fileName: string, text: string): boolean {
  return /\.postman_environment\.json$/i.test(fileName) || /"_postman_variable_scope"\s*:\s*"environment"/.test(text.slice(0, 5000));
}

/** The name a paste is given in messages and notes. */
export const PASTED = 'pasted text';

/** Larger files are refused before they are read (the back end's own limit is 20 MB of text). */
export const MAX_IMPORT_BYTES = 20_000_000;
