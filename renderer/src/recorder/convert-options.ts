/** The "Create plan" options as typed (numbers as text) and the contract's ConvertOptions they give. Pure. */
import type { ConvertOptions } from '../../../app/contract/recordings.ts';

export interface ConvertForm {
  groupBy: 'navigation' | 'gap' | 'none';
  /** Milliseconds of silence that start a new group (groupBy gap). */
  gapMs: string;
  thinkTimes: boolean;
  minThinkMs: string;
  skipStatic: boolean;
  keepUserAgent: boolean;
}

/** The back end's defaults, spelled out so the form shows them. */
export const DEFAULT_CONVERT: ConvertForm = {
  groupBy: 'navigation',
  gapMs: '3000',
  thinkTimes: true,
  minThinkMs: '500',
  skipStatic: true,
  keepUserAgent: false,
};

export const GROUP_LABELS: Record<ConvertForm['groupBy'], string> = {
  navigation: 'Page navigations (named by the page title)',
  gap: 'Pauses between requests',
  none: 'No groups',
};

export type ConvertOptionsResult = { ok: true; options: ConvertOptions } | { ok: false; message: string };

export function convertOptions(f: ConvertForm): ConvertOptionsResult {
  const options: ConvertOptions = {
    skipStatic: f.skipStatic,
    groupBy: f.groupBy,
    thinkTimes: f.thinkTimes,
    keepUserAgent: f.keepUserAgent,
  };
  if (f.groupBy === 'gap') {
    const gap = whole(f.gapMs);
    if (gap === null || gap < 100 || gap > 600_000)
      return { ok: false, message: 'Pause between groups: a whole number of milliseconds from 100 to 600000' };
    options.gapMs = gap;
  }
  if (f.thinkTimes) {
    const min = whole(f.minThinkMs);
    if (min === null || min > 600_000)
      return { ok: false, message: 'Shortest think time: a whole number of milliseconds from 0 to 600000' };
    options.minThinkMs = min;
  }
  return { ok: true, options };
}

function whole(text: string): number | null {
  const t = text.trim();
  return /^\d{1,7}$/.test(t) ? Number(t) : null;
}
