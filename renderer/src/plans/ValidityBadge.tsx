/** Whether a stored plan can run: "Valid", or "Invalid" (a draft with issues). */

/** A coloured badge; the text itself says the state, colour only repeats it. */
export function ValidityBadge({ valid }: { valid: boolean }) {
  return <span className={`badge ${valid ? 'badge-good' : 'badge-bad'}`}>{valid ? 'Valid' : 'Invalid'}</span>;
}
