/**
 * The plan document as YAML text and back (pure). Parsing never throws: syntax errors come back as located
 * problems so the code view can show them and keep the last valid plan.
 */
import { LineCounter, parseDocument, stringify } from 'yaml';
import type { Plan } from 'loadsmith/plan';
import { asDraft, objectOf, type PlanDraft } from '../core/doc/index.ts';
import type { TextProblem } from './problems.ts';

/** Syntax errors after the first few are mostly echoes of the first one: list a few, then count the rest. */
const MAX_SYNTAX_ERRORS = 3;
/** Refuses "billion laughs" documents, as the engine's file parser does. */
const MAX_ALIASES = 100;

/** The text the code view shows for a document: no line folding, no anchors for shared objects. */
export function planToYaml(doc: unknown): string {
  if (doc === undefined) return '';
  // The designer shares unchanged objects between steps (structural sharing); `*a1` aliases would confuse users.
  return stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
}

export type ParsedYaml =
  { ok: true; value: PlanDraft; warnings: TextProblem[] } | { ok: false; problems: TextProblem[] };

/** Parses what the user typed. `ok: false` means: do not touch the document. */
export function parsePlanYaml(text: string): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const at = (start: number, end: number, message: string, severity: TextProblem['severity']): TextProblem => {
    const from = lines.linePos(start);
    const to = lines.linePos(Math.max(end, start + 1));
    return {
      message,
      severity,
      source: 'syntax',
      line: from.line,
      column: from.col,
      endLine: to.line,
      endColumn: to.col,
    };
  };
  if (doc.errors.length > 0) {
    const shown = doc.errors
      .slice(0, MAX_SYNTAX_ERRORS)
      .map((e) => at(e.pos[0], e.pos[1], firstLine(e.message), 'error'));
    const rest = doc.errors.length - shown.length;
    const next = doc.errors[MAX_SYNTAX_ERRORS];
    if (rest > 0 && next)
      shown.push(
        at(
          next.pos[0],
          next.pos[1],
          `${rest} more syntax error${rest === 1 ? '' : 's'}, probably caused by the first`,
          'error',
        ),
      );
    return { ok: false, problems: shown };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    return { ok: false, problems: [at(0, 1, `cannot read the document: ${(e as Error).message}`, 'error')] };
  }
  const plan = objectOf(asDraft<Plan>(value));
  if (plan === undefined) {
    // An empty or scalar document would replace the whole plan with nothing useful: keep the last plan instead.
    const range = doc.contents?.range ?? [0, text.length];
    return {
      ok: false,
      problems: [
        at(
          range[0],
          range[1],
          'A plan is a mapping of keys (version:, name:, scenarios: …); this text is not.',
          'error',
        ),
      ],
    };
  }
  const warnings = doc.warnings.map((w) => at(w.pos[0], w.pos[1], firstLine(w.message), 'warning'));
  return { ok: true, value: plan, warnings };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
