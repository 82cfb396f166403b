/**
 * Test support: the text `loadsmith import` writes (the plan as YAML under its report header), and the assertion
 * that no secret is in it in any spelling (as written, percent-encoded, form-encoded, JSON-escaped).
 */
import { expect } from 'vitest';
import { planToYaml } from './plan-yaml.ts';
import { importedPlanHeader } from './report.ts';
import type { ImportResult } from './types.ts';

export function importedText(r: ImportResult, file: string): string {
  return planToYaml(r.plan, importedPlanHeader(r, file)) + JSON.stringify(r.notes);
}

export function expectNoSecrets(text: string, secrets: readonly string[]): void {
  for (const s of secrets) {
    const spellings = new Set([
      s,
      encodeURIComponent(s),
      new URLSearchParams({ s }).toString().slice(2),
      JSON.stringify(s).slice(1, -1),
    ]);
    for (const spelling of spellings) expect(text, `secret '${s}' written as '${spelling}'`).not.toContain(spelling);
  }
}
