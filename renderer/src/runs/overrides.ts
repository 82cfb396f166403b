/** The start form's optional overrides (VUs, duration, iterations, rate) checked as the contract will, before sending. */
import { RunOverrides } from '../../../app/contract/common.ts';

export interface OverrideFields {
  vus: string;
  duration: string;
  iterations: string;
  /** Iterations per second per scenario (the open model). */
  rate: string;
}

export type ParsedOverrides = { ok: true; overrides: RunOverrides | undefined } | { ok: false; problems: string[] };

const FIELD_LABEL: Record<string, string> = {
  vus: 'VUs',
  duration: 'Duration',
  iterations: 'Iterations',
  rate: 'Rate',
};

/** All fields empty: the plan's own load. */
export const NO_OVERRIDES: OverrideFields = { vus: '', duration: '', iterations: '', rate: '' };

/** Empty fields are left out; no field at all gives `undefined` (the plan's own load). */
export function parseOverrides(fields: OverrideFields): ParsedOverrides {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const key of ['vus', 'iterations'] as const) {
    const text = fields[key].trim();
    if (!text) continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n))
      problems.push(`${FIELD_LABEL[key]}: a whole number, such as 10.`);
    else raw[key] = n;
  }
  const rate = fields.rate.trim();
  if (rate) {
    const n = Number(rate);
    if (!Number.isFinite(n) || n <= 0)
      problems.push('Rate: iterations per second, a positive number such as 50 or 0.5.');
    else raw.rate = n;
  }
  const duration = fields.duration.trim();
  if (duration) raw.duration = duration;
  if (problems.length > 0) return { ok: false, problems };
  if (Object.keys(raw).length === 0) return { ok: true, overrides: undefined };
  const parsed = RunOverrides.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `${FIELD_LABEL[String(i.path[0])] ?? 'Overrides'}: ${i.message}`),
    };
  }
  return { ok: true, overrides: parsed.data };
}
