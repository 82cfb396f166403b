/** "2 ✓ 1 ✗": thresholds passed and failed, with a spelled-out accessible name. */

/** Compact counts; "none" when the plan has no thresholds. */
export function ThresholdCounts({ passed, failed }: { passed: number; failed: number }) {
  if (passed + failed === 0) return <span className="muted">none</span>;
  return (
    <span
      className="threshold-counts"
      role="img"
      aria-label={`${passed} passed, ${failed} failed`}
      title={`${passed} passed, ${failed} failed`}
    >
      <span className="text-good">{passed} ✓</span>{' '}
      <span className={failed > 0 ? 'text-bad' : 'muted'}>{failed} ✗</span>
    </span>
  );
}
