/**
 * The engine's pure report helpers, shared with the renderer through the contract (renderer -> contract -> engine):
 * the CLI's number formatting, threshold values as the summary prints them, mid-run phases in words, and run
 * comparison.
 */
export * from '../../engine/report/numbers.ts';
export { observedName, observedText, thresholdValue } from '../../engine/report/threshold-value.ts';
export { achievedText, fellShort, phaseCause, phaseSpan, targetText } from '../../engine/report/phase-text.ts';
export * from '../../engine/report/compare/stats.ts';
export * from '../../engine/report/compare/key-metrics.ts';
export * from '../../engine/report/compare/format.ts';
