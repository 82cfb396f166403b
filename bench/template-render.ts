/**
 * Micro-benchmark of the per-request path: `node bench/template-render.ts`.
 * Prints ns per render() next to a hand-written closure doing the same work, so the overhead of the
 * template machinery is visible. Not a test: timings depend on the machine and are never asserted.
 */
import { compileTemplate } from '../engine/template/index.ts';
import type { TemplateContext } from '../engine/template/index.ts';

const SOURCE = '/v3/users/${userId}?page=${iter}';
const ROUNDS = 15;
const PER_ROUND = 1_000_000;

const ctx: TemplateContext & { iter: number } = {
  vu: 1,
  iter: 0,
  scenario: 'bench',
  env: {},
  data: {},
  vars: new Map<string, unknown>([['userId', 'u-123']]),
};
const handWritten = (c: TemplateContext): string => {
  const v = c.vars.get('userId');
  if (v === undefined) throw new Error('unset');
  return '/v3/users/' + String(v) + '?page=' + String(c.iter);
};

let sink = 0;
function measure(name: string, render: (c: TemplateContext) => string): void {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < PER_ROUND; i++) {
      ctx.iter = i;
      sink += render(ctx).length;
    }
    times.push(Number(process.hrtime.bigint() - t0) / PER_ROUND);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(12)} min ${times[0]?.toFixed(1)} ns  median ${times[ROUNDS >> 1]?.toFixed(1)} ns`);
}

const template = compileTemplate(SOURCE);
console.log(`render() of ${JSON.stringify(SOURCE)}, ${ROUNDS} x ${PER_ROUND} calls`);
measure('template', (c) => template.render(c));
measure('hand-written', handWritten);
if (sink === 0) console.log('(no output?)');
