/** Which files are plan files, judged by name as the back end's importer does (YAML or JSON). */

export const PLAN_FILE_EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

/** The `accept` attribute for plan file inputs. */
export const PLAN_FILE_ACCEPT = [...PLAN_FILE_EXTENSIONS, 'application/json', 'application/yaml', 'text/yaml'].join(',');

/** True for `*.yaml`, `*.yml` and `*.json` (any case). */
export function isPlanFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return PLAN_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** A MIME type for a downloaded plan file. */
export function planFileType(fileName: string): string {
  return fileName.toLowerCase().endsWith('.json') ? 'application/json' : 'application/yaml';
}
