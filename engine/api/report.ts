/**
 * `loadsmith/report` — how numbers read in every report (durations, bytes, counts, rates, percentages, threshold
 * values), a run's mid-run phases in words, and how runs are compared (the key metrics, spread, change). Browser-safe: the UI shows the same numbers
 * as the text summary and the HTML report.
 */
export * from '../report/numbers.ts';
export { observedName, observedText, thresholdValue } from '../report/threshold-value.ts';
export { achievedText, describeChange, fellShort, phaseCause, phaseSpan, targetText } from '../report/phase-text.ts';
export * from '../report/compare/stats.ts';
export * from '../report/compare/key-metrics.ts';
export * from '../report/compare/scenario-metrics.ts';
export * from '../report/compare/format.ts';
export { downsample, MAX_POINTS, type Point } from '../report/html/downsample.ts';
