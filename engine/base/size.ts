/** Byte sizes as written in plans: `512`, `64kb`, `10MB`, `1GiB` (k/m/g are powers of 1024, like most load tools). */
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?$/i;
const UNIT: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

export const SIZE_PATTERN = '^\\d+(\\.\\d+)?\\s*([bB]|[kKmMgG][iI]?[bB])?$';

/** Bytes for a size (number of bytes or text with a unit), or undefined if not a size. */
export function parseSize(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  const m = SIZE.exec(value.trim());
  if (!m) return undefined;
  return Math.floor(Number(m[1]) * (UNIT[(m[2] ?? 'b').toLowerCase()] as number));
}
