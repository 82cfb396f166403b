/** A series label typed by the user, checked as the contract's RunLabel before sending. */
import { RunLabel } from '../../../../app/contract/runs.ts';

export type ParsedLabel = { ok: true; label: string | null } | { ok: false; problem: string };

/** Blank means "no label"; otherwise the trimmed label, or what is wrong with it. */
export function parseLabel(text: string): ParsedLabel {
  if (text.trim() === '') return { ok: true, label: null };
  const parsed = RunLabel.safeParse(text);
  if (parsed.success) return { ok: true, label: parsed.data };
  const issue = parsed.error.issues[0];
  const problem =
    issue?.code === 'too_big' ? 'a label is at most 80 characters' : (issue?.message ?? 'not a valid label');
  return { ok: false, problem: `Label: ${problem}.` };
}
