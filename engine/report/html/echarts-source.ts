/**
 * The ECharts library text, inlined into every report so it opens from disk with no network. Read at generation
 * time (not bundled into our code) and kept in memory: it is about 1.1 MB and a process writing several reports
 * should read it once. From the echarts package in a checkout; the runner package and the single executable carry
 * the file itself (engine/bundle/echarts.ts) and say where with readEchartsWith.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { scriptSafe } from './escape.ts';

let cached: string | undefined;
let read = (): string => readFileSync(createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js'), 'utf8');

/** The minified ECharts build, safe to place inside a <script> element. Throws if echarts is not installed. */
export function echartsSource(): string {
  cached ??= scriptSafe(read());
  return cached;
}

/** Replaces where the file is read from (engine/cli/package-entry.ts, executable-entry.ts). */
export function readEchartsWith(reader: () => string): void {
  read = reader;
  cached = undefined;
}
