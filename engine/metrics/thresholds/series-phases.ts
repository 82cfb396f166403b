/**
 * Which phases a worker keeps per series besides `http_req_duration`: those a threshold filters by a tag
 * (`http_req_waiting{request:Login}`). An unfiltered phase is read from the run's totals, so keeping every phase of
 * every request name (8 histograms each, sent every second) would cost memory and time for nothing, as k6 keeps
 * sub-metrics only where thresholds ask for them.
 */
import type { ThresholdRule } from '../../plan/schema/index.ts';
import { PHASE_OF } from '../query.ts';
import type { Phase } from '../sample.ts';
import { parseThresholdKey } from '../../plan/threshold-syntax.ts';

export function seriesPhases(
  thresholds: Readonly<Record<string, readonly ThresholdRule[]>> | undefined,
  customTags: readonly string[],
): Phase[] {
  const phases = new Set<Phase>();
  for (const key of Object.keys(thresholds ?? {})) {
    const { metric, tags } = parseThresholdKey(key, customTags);
    const phase = PHASE_OF[metric.name];
    if (phase && phase !== 'duration' && Object.keys(tags).length > 0) phases.add(phase);
  }
  return [...phases];
}
