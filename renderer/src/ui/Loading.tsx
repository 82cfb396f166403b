/** The placeholder while a page's data loads (announced, so screen readers hear progress). */

/** A quiet "Loading…" line. */
export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p className="muted" role="status">
      {what}
    </p>
  );
}
