/** A small padlock for credentials on entries and headers (an SVG, so it shows without an emoji font). */

/** Named `label` when given (role img), otherwise decorative. */
export function LockIcon({ label, title }: { label?: string; title?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg className="lock-icon" {...a11y} viewBox="0 0 16 16" width="11" height="11">
      {title && <title>{title}</title>}
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    </svg>
  );
}
