/**
 * The HTML report inlines one file of ECharts (engine/report/html/echarts-source.ts). The runner package and the
 * single executable carry that file, with the licences of what it contains (ECharts: Apache-2.0 with its NOTICE;
 * zrender: BSD-3-Clause; parts of d3: ISC), instead of depending on the echarts package (67 MB installed).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The file name inside the copied folder. */
export const ECHARTS_FILE = 'echarts.min.js';

/** Copies the ECharts build and its licences into `dir` (created); returns the path of the ECharts file. */
export async function copyEcharts(dir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const echarts = dirname(require.resolve('echarts/package.json'));
  const zrender = dirname(createRequire(join(echarts, 'package.json')).resolve('zrender/package.json'));
  await mkdir(dir, { recursive: true });
  const files: [string, string][] = [
    [join(echarts, 'dist', ECHARTS_FILE), ECHARTS_FILE],
    [join(echarts, 'LICENSE'), 'LICENSE'],
    [join(echarts, 'NOTICE'), 'NOTICE'],
    [join(echarts, 'licenses', 'LICENSE-d3'), 'LICENSE-d3'],
    [join(zrender, 'LICENSE'), 'LICENSE-zrender'],
  ];
  for (const [from, to] of files) await copyFile(from, join(dir, to));
  return join(dir, ECHARTS_FILE);
}
