/**
 * Entry of the runner package's bundle (dist/loadsmith.mjs, scripts/build-runner.ts): the CLI, with the files the
 * package carries beside the bundle — the worker's own bundle, the demo plan, and the one file of ECharts the HTML
 * report inlines (1 MB, where the echarts package and zrender would install 67 MB).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readEchartsWith } from '../report/html/echarts-source.ts';
import { useWorker } from '../runtime/worker/source.ts';
import { useDemoPlan } from './commands/demo.ts';

useWorker(() => ({ url: new URL('./worker.mjs', import.meta.url) }));
useDemoPlan(() => Promise.resolve(fileURLToPath(new URL('./demo.yaml', import.meta.url))));
readEchartsWith(() => readFileSync(new URL('./echarts/echarts.min.js', import.meta.url), 'utf8'));

export { launch } from './launch.ts';
