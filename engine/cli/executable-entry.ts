/**
 * Entry of the single executable (scripts/build-sea.ts): Node with this script and its assets embedded. It has no
 * files of its own, so the worker threads run the embedded worker bundle as evaluated code, and the HTML report's
 * ECharts and the demo plan come from the embedded assets too. Bundled as CommonJS (what Node 24 runs as an
 * embedded main script), with every dependency inside.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAsset } from 'node:sea';
import { bashQuote } from '../convert/curl/quote.ts';
import { readEchartsWith } from '../report/html/echarts-source.ts';
import { useWorker } from '../runtime/worker/source.ts';
import { useDemoPlan } from './demo-plan.ts';
import { EXECUTABLE_ASSETS as ASSETS } from './executable-assets.ts';
import { launch } from './launch.ts';

useWorker(() => ({ code: getAsset(ASSETS.worker, 'utf8') }));
readEchartsWith(() => getAsset(ASSETS.echarts, 'utf8'));
useDemoPlan({
  // A plan is run from a file (its data files are relative to it): the demo plan is written to a directory of its own.
  file: () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadsmith-demo-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'demo.yaml');
    writeFileSync(file, getAsset(ASSETS.demoPlan, 'utf8'));
    return Promise.resolve(file);
  },
  runCommand: (url) => `${bashQuote(process.execPath)} run your-plan.yaml --env BASE_URL=${bashQuote(url)}`,
});

// CommonJS has no top-level await. Exiting at once: see bin/loadsmith.js.
void launch(process.argv.slice(2)).then((code) => process.exit(code));
