/**
 * Builds the runner package's JavaScript into engine/dist/ (`npm run build -w loadsmith`; `npm pack` runs it as
 * prepack): Node does not strip TypeScript types under node_modules, so the package ships bundles, not sources.
 * - loadsmith.mjs and chunks/: the CLI (engine/cli/package-entry.ts), what engine/bin/loadsmith.js runs once installed;
 * - worker.mjs: the worker threads' code, with the list of sources it was built from (engine/bundle/worker.ts);
 * - demo.yaml: the plan `loadsmith demo` runs;
 * - echarts/: the one ECharts file the HTML report inlines, with its licences (engine/bundle/echarts.ts).
 * The npm dependencies stay outside both bundles: the package declares them and npm installs them.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { copyEcharts } from '../engine/bundle/echarts.ts';
import { buildWorkerBundle, ENGINE_DIR } from '../engine/bundle/worker.ts';

const dist = join(ENGINE_DIR, 'dist');
// Not emptied first: in a checkout, runs started meanwhile (tests in parallel) start workers from dist/worker.mjs,
// which is replaced in one rename. The package takes only the files package.json lists.
await mkdir(dist, { recursive: true });
// Split at the CLI's dynamic imports (one per command): a command loads its own code and packages only, so that
// `--version` or `validate` does not load undici, protobufjs and the rest first.
await rm(join(dist, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: { loadsmith: 'cli/package-entry.ts' },
  absWorkingDir: ENGINE_DIR,
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
await buildWorkerBundle(dist);
await copyFile(fileURLToPath(new URL('../plans/demo.yaml', import.meta.url)), join(dist, 'demo.yaml'));
await copyEcharts(join(dist, 'echarts'));
console.log(`built ${dist}: loadsmith.mjs, worker.mjs, demo.yaml, echarts/`);
