/**
 * How recorded steps are grouped and paced: a group per page navigation (named by the page's title) or per burst
 * of requests separated by a pause, and the user's pauses as think times. Pauses are measured from the end of
 * everything recorded before (also what is left out of the plan: the user waited for it too).
 */
import { parseDuration } from '../../base/duration.ts';
import type { Grouping } from './kinds.ts';
import { endsInRedirect, isSubmission, pathAndQuery, type RecordedStep } from './steps.ts';
import { bodyText, type RecordedExchange } from './types.ts';

export interface PacingOptions {
  groupBy?: Grouping;
  /** With groupBy 'gap': the pause that starts a new group, in milliseconds (default 3000). */
  gapMs?: number;
  /** Add the recorded pauses as think steps (default true). */
  thinkTimes?: boolean;
  /** The shortest pause that becomes a think step, in milliseconds (default 500). */
  minThinkMs?: number;
}

export interface Pacing {
  group: string | undefined;
  pauseMs: number;
  thinkBefore: string | undefined;
}

export function pace(
  steps: readonly RecordedStep[],
  all: readonly RecordedExchange[],
  o: PacingOptions = {},
): Pacing[] {
  const endBefore = endsBefore(all);
  const gapMs = o.gapMs ?? 3000;
  const minThink = o.minThinkMs ?? 500;
  let group: string | undefined;
  let groups = 0;
  const used = new Set<string>();
  return steps.map((step, i) => {
    const lastEnd = endBefore.get(step.first.id);
    const pauseMs = i === 0 || lastEnd === undefined ? 0 : Math.max(0, step.first.startedAt - lastEnd);
    // A form submitted on a page belongs to that page's group; the page its redirect leads to starts the next.
    const navigates = step.type === 'document' && !(isSubmission(step.first) && endsInRedirect(step));
    const starts = o.groupBy === 'navigation' ? navigates : o.groupBy === 'gap' ? i === 0 || pauseMs >= gapMs : false;
    if (starts) {
      groups++;
      const name = groupName(o.groupBy === 'navigation' ? pageTitle(step) : undefined, step, groups);
      group = name;
      for (let n = 2; used.has(group); n++) group = `${name} (${n})`;
      used.add(group);
    }
    const think =
      o.thinkTimes !== false && minThink > 0 && pauseMs >= minThink ? `${Math.round(pauseMs / 100) / 10}s` : undefined;
    return { group, pauseMs, thinkBefore: think && parseDuration(think) ? think : undefined };
  });
}

/** For each exchange, when the last of those that started before it ended. */
function endsBefore(all: readonly RecordedExchange[]): Map<number, number> {
  const out = new Map<number, number>();
  let lastEnd: number | undefined;
  for (const e of [...all].sort((a, b) => a.id - b.id)) {
    if (lastEnd !== undefined) out.set(e.id, lastEnd);
    lastEnd = Math.max(lastEnd ?? 0, e.startedAt + e.durationMs);
  }
  return out;
}

function pageTitle(step: RecordedStep): string | undefined {
  const html = bodyText(step.last.responseBody);
  const m = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = m?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title : undefined;
}

/** Group names may not contain ':' (it separates nested groups in metric tags). */
function groupName(title: string | undefined, step: RecordedStep, n: number): string {
  const name = title ?? `${n}. ${step.first.method} ${pathAndQuery(step.first.url).split('?', 1)[0]}`;
  return name.replaceAll(':', '-').slice(0, 60).trim() || `Group ${n}`;
}
