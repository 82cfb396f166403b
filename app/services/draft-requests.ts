/**
 * The requests of a plan document that may not be valid (a stored draft, an export): every `request` of every
 * scenario, inside groups and batches, with its path as people read it (`scenarios.s.steps[2].group.steps[0].request`).
 * Lenient: anything that is not the expected shape is skipped. The one walk the app's counting, credential scrub
 * and export scrub share, so a new step kind that holds steps is added here once.
 */

export type DraftRequestVisit = (request: Record<string, unknown>, path: string) => void;

export function eachDraftRequest(doc: unknown, visit: DraftRequestVisit): void {
  const steps = (list: unknown, path: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((s, i) => {
      if (!isRecord(s)) return;
      const at = `${path}[${i}]`;
      if (isRecord(s.request)) visit(s.request, `${at}.request`);
      if (Array.isArray(s.batch)) s.batch.forEach((b, j) => { if (isRecord(b) && isRecord(b.request)) visit(b.request, `${at}.batch[${j}].request`); });
      if (isRecord(s.group)) steps(s.group.steps, `${at}.group.steps`);
    });
  };
  if (!isRecord(doc) || !isRecord(doc.scenarios)) return;
  for (const [name, sc] of Object.entries(doc.scenarios)) if (isRecord(sc)) steps(sc.steps, `scenarios.${name}.steps`);
}

/** A plain object (not an array, not null): what a document's mapping reads as. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
