/**
 * The requests of a plan document that may not be valid (a stored draft, an export): every `request` of every
 * scenario, of setup and of teardown, inside groups, batches, branches and loops, with its path as people read it
 * (`scenarios.s.steps[2].group.steps[0].request`). Lenient: anything that is not the expected shape is skipped. The
 * one walk the app's counting, credential scrub and export scrub share, so a new step kind that holds steps is
 * added here once (STEP_LISTS).
 */

/** Where each step kind that holds steps keeps them: `[]` marks a list of branches, each with its own `steps`. */
const STEP_LISTS: Record<string, readonly (readonly string[])[]> = {
  group: [['steps']],
  if: [['then'], ['else']],
  repeat: [['steps']],
  while: [['steps']],
  doWhile: [['steps']],
  forEach: [['steps']],
  once: [['steps']],
  randomSwitch: [[]],
  roundRobinSwitch: [[]],
};

export type DraftRequestVisit = (request: Record<string, unknown>, path: string) => void;

export function eachDraftRequest(doc: unknown, visit: DraftRequestVisit): void {
  const steps = (list: unknown, path: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((s, i) => {
      if (!isRecord(s)) return;
      const at = `${path}[${i}]`;
      if (isRecord(s.request)) visit(s.request, `${at}.request`);
      if (Array.isArray(s.batch))
        s.batch.forEach((b, j) => {
          if (isRecord(b) && isRecord(b.request)) visit(b.request, `${at}.batch[${j}].request`);
        });
      for (const [kind, lists] of Object.entries(STEP_LISTS)) {
        const inner = s[kind];
        for (const key of lists) {
          const k = key[0];
          if (k !== undefined && isRecord(inner)) steps(inner[k], `${at}.${kind}.${k}`);
          if (k === undefined && Array.isArray(inner))
            inner.forEach((b, j) => {
              if (isRecord(b)) steps(b.steps, `${at}.${kind}[${j}].steps`);
            });
        }
      }
    });
  };
  if (!isRecord(doc)) return;
  if (isRecord(doc.scenarios))
    for (const [name, sc] of Object.entries(doc.scenarios))
      if (isRecord(sc)) steps(sc.steps, `scenarios.${name}.steps`);
  for (const list of ['setup', 'teardown'] as const) {
    const l = doc[list];
    if (isRecord(l)) steps(l.steps, `${list}.steps`);
  }
}

/** A plain object (not an array, not null): what a document's mapping reads as. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
