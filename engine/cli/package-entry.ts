/**
 * Entry of the runner package's bundle (dist/loadsmith.mjs, scripts/build-runner.ts): the CLI, with the files the
 * package carries beside the bundle — the worker's own bundle, the demo plan, and the one file of ECharts the HTML
 * report inlines (1 MB, where the echarts package and zrender would install 67 MB).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bashQuote } from '../convert/curl/quote.ts';
import { readEchartsWith } from '../report/html/echarts-source.ts';
import { useWorker } from '../runtime/worker/source.ts';
import { useDemoPlan } from './demo-plan.ts';

const demoPlan = fileURLToPath(new URL('./demo.yaml', import.meta.url));
useWorker(() => ({ url: new URL('./worker.mjs', import.meta.url) }));
useDemoPlan({
  file: () => Promise.resolve(demoPlan),
  runCommand: (url) => `npx loadsmith run ${bashQuote(demoPlan)} --env BASE_URL=${bashQuote(url)}`,
});
readEchartsWith(() => readFileSync(new URL('./echarts/echarts.min.js', import.meta.url), 'utf8'));

export { launch } from './launch.ts';
