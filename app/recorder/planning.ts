/**
 * Proposing a plan from a stored recording: the engine's conversion with the recording's own options (hosts it did
 * not check the certificate of), correlations and unique values as the contract shows them (secret values only
 * previewed).
 */
import {
  convertRecording,
  describeSource,
  findSecrets,
  type RecordedExchange,
  type RecordingConversion,
} from 'loadsmith/convert';
import type { ConvertOptions, CorrelationProposal, PlanProposal, Recording } from '../contract/index.ts';

export interface ConvertRequest {
  entryIds?: number[] | undefined;
  options?: ConvertOptions | undefined;
  accept?: string[];
  unique?: string[] | undefined;
  name: string;
}

export function convertStored(
  recording: Recording,
  exchanges: readonly RecordedExchange[],
  r: ConvertRequest,
): RecordingConversion {
  const o = r.options ?? {};
  return convertRecording(exchanges, {
    name: r.name,
    description: `Recorded with Loadsmith (${recording.name}, ${recording.startedAt.slice(0, 10)})`,
    skipStatic: o.skipStatic ?? true,
    groupBy: o.groupBy ?? 'navigation',
    thinkTimes: o.thinkTimes ?? true,
    ...(o.gapMs !== undefined ? { gapMs: o.gapMs } : {}),
    ...(o.minThinkMs !== undefined ? { minThinkMs: o.minThinkMs } : {}),
    ...(o.keepUserAgent !== undefined ? { keepUserAgent: o.keepUserAgent } : {}),
    ...(r.entryIds ? { entryIds: r.entryIds } : {}),
    ...(r.accept ? { accept: r.accept } : {}),
    ...(r.unique ? { unique: r.unique } : {}),
    insecureHosts: recording.options.insecureHosts,
  });
}

export function toProposal(c: RecordingConversion, exchanges: readonly RecordedExchange[]): PlanProposal {
  const secretValues = new Set(exchanges.flatMap((x) => findSecrets(x).values));
  return {
    plan: c.plan,
    requests: c.steps,
    variables: c.env,
    notes: c.notes,
    correlations: c.correlations.map((k): CorrelationProposal => ({
      id: k.id,
      variable: k.variable,
      confidence: k.confidence,
      suggested: k.confidence !== 'low',
      applied: k.applied,
      source: {
        entryId: k.source.entryId,
        where: k.source.where,
        name: k.source.name,
        extractor: { ...k.source.extractor },
        description: describeSource(k),
      },
      uses: k.uses.map((u) => ({ entryId: u.entryId, where: u.where, name: u.name, encoded: u.encoded })),
      preview: preview(k.value, secretValues.has(k.value) || k.source.where === 'set-cookie'),
      valueLength: k.value.length,
    })),
    uniqueValues: c.uniqueValues.map((u) => ({
      id: u.id,
      entryId: u.entryId,
      field: u.field,
      value: preview(u.value, false),
      replacement: u.replacement,
      suggested: u.suggested,
      applied: u.applied,
    })),
  };
}

/** Secrets show their first 4 characters; other values up to 60. */
export function preview(value: string, secret: boolean): string {
  if (secret) return `${value.slice(0, Math.min(4, Math.floor(value.length / 3)))}… (${value.length} characters)`;
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}
