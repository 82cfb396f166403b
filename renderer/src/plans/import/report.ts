/**
 * A conversion report as the UI shows it: notes grouped by what they mean for the user (lost, changed, secrets
 * moved to variables, for information), a one-line summary, and where each variable's value comes from.
 */
import type { ConvertNote, ImportVariable } from '../../../../app/contract/plans.ts';

export type NoteGroupId = 'confirm' | 'lost' | 'changed' | 'secrets' | 'info';

export interface NoteGroup { id: NoteGroupId; title: string; notes: ConvertNote[] }

const GROUP_OF: Record<ConvertNote['kind'], NoteGroupId> = {
  confirm: 'confirm', 'not-imported': 'lost', 'not-exported': 'lost', approximated: 'changed', secret: 'secrets', info: 'info',
};
const ORDER: NoteGroupId[] = ['confirm', 'lost', 'changed', 'secrets', 'info'];

function title(id: NoteGroupId, direction: 'import' | 'export'): string {
  switch (id) {
    case 'confirm': return 'Files to attach or grant';
    case 'lost': return direction === 'import' ? 'Not imported' : 'Not in the exported file';
    case 'changed': return 'Changed';
    case 'secrets': return 'Secrets moved to variables';
    case 'info': return 'For information';
  }
}

/** The non-empty groups, most important first; notes keep their order within a group. */
export function groupNotes(notes: readonly ConvertNote[], direction: 'import' | 'export' = 'import'): NoteGroup[] {
  return ORDER.map((id) => ({ id, title: title(id, direction), notes: notes.filter((n) => GROUP_OF[n.kind] === id) }))
    .filter((g) => g.notes.length > 0);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "2 not imported, 1 changed, 1 secret moved to a variable", or "Nothing lost". */
export function reportSummary(notes: readonly ConvertNote[], direction: 'import' | 'export' = 'import'): string {
  const count = (id: NoteGroupId): number => notes.filter((n) => GROUP_OF[n.kind] === id).length;
  const parts = [
    count('confirm') ? plural(count('confirm'), 'file to attach or grant', 'files to attach or grant') : '',
    count('lost') ? `${count('lost')} not ${direction === 'import' ? 'imported' : 'exported'}` : '',
    count('changed') ? `${count('changed')} changed` : '',
    count('secrets') ? plural(count('secrets'), 'secret moved to a variable', 'secrets moved to variables') : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing lost';
}

/** Where the value of a variable will come from, in words. */
export function variableSource(v: ImportVariable): string {
  if (v.hasValue) return v.secret ? 'value from the environment file (kept secret)' : `value from the environment file: ${v.value ?? ''}`;
  if (v.planDefault !== null) return `to set, or the plan's default is used: ${v.planDefault}`;
  return v.secret ? 'to set (secret)' : 'to set';
}

/** Variables that must be set before the plan can run: no value known and no default in the plan. */
export function requiredVariables(variables: readonly ImportVariable[]): string[] {
  return variables.filter((v) => !v.hasValue && v.planDefault === null).map((v) => v.name);
}
