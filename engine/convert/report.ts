/**
 * A conversion report as text for people: notes grouped by kind (what was lost first), and the environment
 * variables to set. The same lines head an imported plan as YAML comments.
 */
import type { ConvertNote } from './types.ts';

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
  if (env.length > 0) lines.push(`environment variables the plan reads: ${env.join(', ')} (set them with --env NAME=value)`);
  return lines;
}

/** Counts for a one-line summary: `1 file to confirm, 2 not-imported, 1 approximated, 3 secrets moved to env`. */
export function reportSummary(notes: readonly ConvertNote[]): string {
  const parts = ORDER.filter((k) => k !== 'info').map((k) => [k, notes.filter((n) => n.kind === k).length] as const)
    .filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k === 'secret' ? `secret${n === 1 ? '' : 's'} moved to env` : k === 'confirm' ? `file${n === 1 ? '' : 's'} to confirm` : k}`);
  return parts.length ? parts.join(', ') : 'nothing lost';
}
