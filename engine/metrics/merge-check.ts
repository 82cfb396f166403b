/**
 * What must hold before shards are merged: one plan (same hash), one segment sequence (the stripes of different
 * sequences may overlap), and segments that do not overlap. Segments missing from 0..1 are allowed (the merged
 * run is then part of the plan) but reported.
 */
import {
  compare,
  formatFraction,
  formatSegment,
  parseExecutionSegment,
  sub,
  add,
  ZERO,
  ONE,
  type ExecutionSegment,
  type Fraction,
} from '../base/segment.ts';
import type { ShardData } from './shard.ts';

/** Shards that cannot be merged; the message names the files and what to do. */
export class MergeError extends Error {}

export interface NamedShard {
  source: string;
  shard: ShardData;
}

/** Checks the shards; returns warnings (uncovered parts of the test). */
export function checkShards(shards: readonly NamedShard[]): string[] {
  const [first] = shards;
  if (!first)
    throw new MergeError(
      'nothing to merge: give the shard files of a run (loadsmith run --segment i/N --summary-json FILE)',
    );
  for (const s of shards) {
    if (s.shard.planHash !== first.shard.planHash) {
      throw new MergeError(
        `${s.source} is a run of another plan than ${first.source} (plan hashes ${short(s.shard.planHash)} and ${short(first.shard.planHash)}): merge the shards of one run, with the same plan file and the same --vus/--duration/--iterations/--rate options`,
      );
    }
    if (s.shard.sequence !== first.shard.sequence) {
      throw new MergeError(
        `${s.source} was run with the segment sequence ${s.shard.sequence}, ${first.source} with ${first.shard.sequence}: segments of different sequences may share VUs and iterations; run every shard with the same N (--segment i/N) or --execution-segment-sequence`,
      );
    }
  }
  const segments = shards
    .flatMap((s) => s.shard.segments.map((text) => ({ source: s.source, text, seg: parseExecutionSegment(text) })))
    .sort((a, b) => compare(a.seg.from, b.seg.from));
  for (let i = 1; i < segments.length; i++) {
    const prev = segments[i - 1] as (typeof segments)[number];
    const cur = segments[i] as (typeof segments)[number];
    if (compare(cur.seg.from, prev.seg.to) < 0) {
      const same = cur.text === prev.text;
      throw new MergeError(
        `${same ? `segment ${cur.text} is in both` : `segments ${prev.text} and ${cur.text} overlap in`} ${prev.source} and ${cur.source}: a segment's requests would count twice; merge each segment once (a retried pod leaves two shards of one segment: keep one)`,
      );
    }
  }
  const gaps = uncovered(segments.map((s) => s.seg));
  if (gaps.length === 0) return [];
  const missing = gaps.reduce((f, g) => add(f, sub(g.to, g.from)), ZERO);
  return [
    `the shards cover ${pct(sub(ONE, missing))} of the plan: segment${gaps.length === 1 ? '' : 's'} ${gaps.map(formatSegment).join(', ')} ${gaps.length === 1 ? 'is' : 'are'} missing, so the merged numbers are those of part of the load`,
  ];
}

/** The parts of 0..1 no segment covers (segments sorted by start, not overlapping). */
export function uncovered(sorted: readonly ExecutionSegment[]): ExecutionSegment[] {
  const gaps: ExecutionSegment[] = [];
  let at: Fraction = ZERO;
  for (const s of sorted) {
    if (compare(s.from, at) > 0) gaps.push({ from: at, to: s.from });
    at = s.to;
  }
  if (compare(at, ONE) < 0) gaps.push({ from: at, to: ONE });
  return gaps;
}

const short = (hash: string): string => hash.replace(/^sha256:/, '').slice(0, 12);
const pct = (f: Fraction): string => {
  const v = (Number(f.n) / Number(f.d)) * 100;
  return `${Number.isInteger(v) ? v : v.toFixed(2)}% (${formatFraction(f)})`;
};
