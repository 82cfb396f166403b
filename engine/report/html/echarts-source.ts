/**
 * The ECharts library text, inlined into every report so it opens from disk with no network. Read from the
 * installed package at generation time (not bundled into our sources) and kept in memory: it is about 1.1 MB and a
 * process writing several reports should read it once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { scriptSafe } from './escape.ts';

let cached: string | undefined;

/** The minified ECharts build, safe to place inside a <script> element. Throws if echarts is not installed. */
export function echartsSource(): string {
  if (cached === undefined) {
    const file = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');
    cached = scriptSafe(readFileSync(file, 'utf8'));
  }
  return cached;
}
