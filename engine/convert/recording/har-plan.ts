/**
 * A HAR file -> a plan, by the recorder's conversion: the same entries a Recorder › Import HAR lists, the same
 * correlations (CSRF tokens, session and bearer tokens, ids) applied when suggested, the same checks and unique
 * values. Plans › Import of a HAR gives the plan the recorder would, not a replay of recorded values.
 */
import type { ImportOptions, ImportResult } from '../types.ts';
import { convertRecording, type RecordingConversion } from './convert.ts';
import { harToRecording } from './har-import.ts';

export interface HarRecordingImportOptions extends ImportOptions {
  /** Leave out scripts, styles, images, fonts and media. */
  skipStatic?: boolean;
}

export function importHarRecording(text: string, o: HarRecordingImportOptions = {}): ImportResult {
  const exchanges = harToRecording(text, o.file);
  const convert = (accept?: readonly string[]): RecordingConversion =>
    convertRecording(exchanges, {
      name: o.name ?? `Imported from ${o.file ?? 'HAR'}`,
      description: `Recorded in ${o.file ?? 'a HAR file'}: ${exchanges.length} entr${exchanges.length === 1 ? 'y' : 'ies'}`,
      skipStatic: o.skipStatic ?? false,
      groupBy: 'navigation',
      thinkTimes: true,
      ...(accept ? { accept } : {}),
    });
  // The correlations the recorder's review pre-ticks: high and medium confidence.
  let result = convert();
  const suggested = result.correlations.filter((c) => c.confidence !== 'low').map((c) => c.id);
  const low = result.correlations.filter((c) => c.confidence === 'low');
  if (low.length > 0) {
    result = convert(suggested);
    result.notes.push({
      kind: 'info',
      where: o.file ?? 'input',
      message: `${low.length} more value${low.length === 1 ? '' : 's'} a response produced and a later request sent back (${low.map((c) => c.variable).join(', ')}) ${low.length === 1 ? 'is a plain number' : 'are plain numbers'} used once: replayed as recorded, not extracted; import the HAR in the Recorder to review them`,
    });
  }
  return { plan: result.plan, notes: result.notes, env: result.env, format: 'har' };
}
