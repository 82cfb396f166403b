/** The demo plan and the example plans, as text: what the fuzzers edit and read. */
import { readdirSync, readFileSync } from 'node:fs';

export const EXAMPLES: readonly string[] = [
  new URL('../../plans/demo.yaml', import.meta.url),
  ...readdirSync(new URL('../../plans/examples/', import.meta.url))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => new URL(`../../plans/examples/${f}`, import.meta.url)),
].map((u) => readFileSync(u, 'utf8'));
