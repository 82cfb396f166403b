/** What a summary says when its timeline is not one point per second for every request name (run-timeline.ts). */
import type { RunAggregate } from './aggregate.ts';
import { MAX_TIMELINE_POINTS } from './timeline-compact.ts';

export interface TimelineShape {
  resolution: number;
  chartedRequests: number;
}

export function timelineNotes(agg: RunAggregate, t: TimelineShape): string[] {
  const notes: string[] = [];
  const names = new Set([...agg.series.values()].map((s) => s.key.request)).size;
  if (names > t.chartedRequests) {
    notes.push(
      `per-second points cover ${t.chartedRequests} of the ${names} request names (the first to run); the request table has all of them`,
    );
  }
  if (t.resolution > 1) {
    notes.push(
      `the timeline has one point per ${t.resolution} s (it keeps at most ${MAX_TIMELINE_POINTS} points): counts add up exactly; ` +
        "a point's latency percentiles are those of its worst second",
    );
  }
  return notes;
}
