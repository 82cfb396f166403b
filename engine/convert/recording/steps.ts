/**
 * Recorded entries -> the steps a plan replays. A redirect chain (entries linked by `redirectFrom`) is one step:
 * the plan sends its first request and lets the engine follow the redirects, as the browser did, so a fresh
 * Location is followed on every run. The step's response is the chain's last one.
 * A form submission that redirected (POST, then 302 to the next page) is the exception: its redirect is what says
 * the application accepted it (a wrong password or a refused form answers 200 with the form again), so the
 * submission is a step of its own that checks the redirect, and the page it led to is the next step.
 */
import { entryType, isStaticType } from './classify.ts';
import type { EntryType } from './kinds.ts';
import type { RecordedExchange } from './types.ts';

export interface RecordedStep {
  /** The request the plan sends. */
  first: RecordedExchange;
  /** The response the plan's checks and extractions see (the end of the redirect chain). */
  last: RecordedExchange;
  /** The redirect chain, first to last (just `first` when there was no redirect). */
  chain: RecordedExchange[];
  type: EntryType;
}

export interface StepSelection {
  /** Entries to convert (by id); a selected redirect's hops come along. Default: all. */
  entryIds?: readonly number[];
  /** Leave out scripts, styles, images, fonts and media. */
  skipStatic?: boolean;
}

export function recordedSteps(exchanges: readonly RecordedExchange[], selection: StepSelection = {}): RecordedStep[] {
  const sorted = [...exchanges].sort((a, b) => a.id - b.id);
  const byId = new Map(sorted.map((x) => [x.id, x]));
  const next = new Map<number, RecordedExchange>();
  for (const x of sorted) {
    if (x.redirectFrom !== undefined && byId.has(x.redirectFrom) && !next.has(x.redirectFrom))
      next.set(x.redirectFrom, x);
  }
  const selected = selection.entryIds ? new Set(selection.entryIds) : undefined;
  const inChain = new Set<number>();
  const steps: RecordedStep[] = [];
  for (const x of sorted) {
    if (inChain.has(x.id)) continue;
    const chain = [x];
    for (let n = next.get(x.id); n && chain.length <= 20 && !chain.includes(n); n = next.get(n.id)) chain.push(n);
    if (selected && !selected.has(x.id)) continue;
    // The hops are the engine's business once the first request is in the plan.
    for (const c of chain.slice(1)) inChain.add(c.id);
    const parts = isSubmission(x) && chain.length > 1 ? [[x], chain.slice(1)] : [chain];
    for (const part of parts) {
      const first = part[0]!;
      const last = part.at(-1)!;
      const type = entryType({ ...first, responseHeaders: last.responseHeaders });
      if (selection.skipStatic && isStaticType(type)) continue;
      steps.push({ first, last, chain: part, type });
    }
  }
  return steps;
}

/** A request that sends something for the application to act on (a form, a JSON body): not GET, HEAD or OPTIONS. */
export function isSubmission(x: Pick<RecordedExchange, 'method'>): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(x.method.toUpperCase());
}

/** A step whose recorded response is a redirect the plan must see (not follow): a submission split from its page. */
export function endsInRedirect(step: RecordedStep): boolean {
  return isRedirect(step.last.status);
}

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** The path and query of a URL (for names and notes): `https://a.test/x?y=1` -> `/x?y=1`. */
export function pathAndQuery(url: string): string {
  const m = /^[a-z]+:\/\/[^/?#]*([^#]*)/i.exec(url);
  return m?.[1] || '/';
}
