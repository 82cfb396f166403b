/**
 * What the Export menu offers: the plan as YAML or JSON, a k6 script, cURL (the selected request, or all), HAR.
 * Secrets are written only when the user confirmed it for that one export.
 */
import type { PlanExportFormat } from '../../../../app/contract/plans.ts';

export interface ExportChoice {
  format: PlanExportFormat;
  /** cURL of this request only. */
  request?: string;
  includeSecrets?: boolean;
}

export interface ExportMenuEntry {
  label: string;
  choice: ExportChoice;
}

/** The menu's items; with a request selected, cURL offers it first and all requests second. */
export function exportChoices(requestName: string | null): ExportMenuEntry[] {
  const curl: ExportMenuEntry[] =
    requestName === null
      ? [{ label: 'cURL commands', choice: { format: 'curl' } }]
      : [
          { label: `cURL: ${requestName}`, choice: { format: 'curl', request: requestName } },
          { label: 'cURL: all requests', choice: { format: 'curl' } },
        ];
  return [
    { label: 'Plan as YAML', choice: { format: 'yaml' } },
    { label: 'Plan as JSON', choice: { format: 'json' } },
    { label: 'k6 script', choice: { format: 'k6' } },
    ...curl,
    { label: 'HAR file', choice: { format: 'har' } },
  ];
}

/** "k6 script", "cURL of Log in": what was exported, for messages. */
export function choiceTitle(choice: ExportChoice): string {
  switch (choice.format) {
    case 'yaml':
      return 'YAML plan';
    case 'json':
      return 'JSON plan';
    case 'k6':
      return 'k6 script';
    case 'curl':
      return choice.request === undefined ? 'cURL commands' : `cURL of ${choice.request}`;
    case 'har':
      return 'HAR file';
  }
}

/** A stable key of a choice, for <select> values. */
export function choiceKey(choice: ExportChoice): string {
  return choice.request === undefined ? choice.format : `${choice.format}:${choice.request}`;
}
