/**
 * A conversion report as text for people: notes grouped by kind (what was lost first), and the environment
 * variables to set. The same lines head an imported plan as YAML comments.
 */
import type { ConvertNote, ImportResult } from './types.ts';

const TITLES: Record<ConvertNote['kind'], string> = {
  'not-imported': 'not imported',
  'not-exported': 'not exported',
  approximated: 'converted with a different meaning in a corner',
  secret: 'credentials moved to environment variables',
  confirm: 'local files the plan reads (confirm them)',
  info: 'for information',
};
const ORDER: ConvertNote['kind'][] = ['confirm', 'not-imported', 'not-exported', 'approximated', 'secret', 'info'];

export function reportLines(notes: readonly ConvertNote[], env: readonly string[] = []): string[] {
  const lines: string[] = [];
  for (const kind of ORDER) {
    const of = notes.filter((n) => n.kind === kind);
    if (of.length === 0) continue;
    lines.push(`${TITLES[kind]} (${of.length}):`);
    for (const n of of) lines.push(`  - ${n.where}: ${n.message}`);
  }
  if (env.length > 0)
    lines.push(`environment variables the plan reads: ${env.join(', ')} (set them with --env NAME=value)`);
  return lines;
}

/** Counts for a one-line summary: `1 file to confirm, 2 not-imported, 1 approximated, 3 secrets moved to env`. */
export function reportSummary(notes: readonly ConvertNote[]): string {
  const parts = ORDER.filter((k) => k !== 'info')
    .map((k) => [k, notes.filter((n) => n.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(
      ([k, n]) =>
        `${n} ${k === 'secret' ? `secret${n === 1 ? '' : 's'} moved to env` : k === 'confirm' ? `file${n === 1 ? '' : 's'} to confirm` : k}`,
    );
  return parts.length ? parts.join(', ') : 'nothing lost';
}

/** The YAML header: where the plan came from and what to know before running it. */
export function importedPlanHeader(r: ImportResult, file: string): string[] {
  const lines = [`Imported from ${file} (${r.format}) by loadsmith import: ${reportSummary(r.notes)}.`];
  const notes = r.notes.filter((n) => n.kind !== 'info');
  for (const n of notes.slice(0, 30)) lines.push(`- ${n.kind}: ${n.where}: ${n.message}`.replace(/\n/g, ' '));
  if (notes.length > 30) lines.push(`- ... ${notes.length - 30} more: run the import again to see the whole report`);
  lines.push('The scenario is a smoke run (1 VU, 1 iteration): set the executor and load before a real test.');
  if (r.env.length)
    lines.push(`Environment variables: ${r.env.join(', ')} (loadsmith run plan.yaml --env NAME=value).`);
  // Vegeta targets and JMeter thread groups bring their own load.
  return r.format === 'vegeta' || r.format === 'jmeter'
    ? lines.filter((l) => !l.startsWith('The scenario is a smoke run'))
    : lines;
}
