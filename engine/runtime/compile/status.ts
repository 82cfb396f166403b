/** Which statuses count as expected (not failed): k6's default is 200-399. */
type StatusRule = number | { min: number; max: number };

export function statusMatcher(rules: readonly StatusRule[] | undefined): (status: number) => boolean {
  if (!rules) return (s) => s >= 200 && s <= 399;
  const singles = new Set(rules.filter((r): r is number => typeof r === 'number'));
  const ranges = rules.filter((r): r is { min: number; max: number } => typeof r !== 'number');
  return (s) => singles.has(s) || ranges.some((r) => s >= r.min && s <= r.max);
}
