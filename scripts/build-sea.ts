/**
 * Builds the single executable of the headless runner: one file that runs `loadsmith run plan.yaml` on a machine
 * with no Node.js (Node's single executable applications: the Node binary running this script, with a preparation
 * blob injected by postject). Linux only (x64 is what CI tests); the file is for the architecture it is built on.
 *   node scripts/build-sea.ts [--out dist/sea]          → dist/sea/loadsmith
 * The CLI (engine/cli/executable-entry.ts) and the worker threads' code are bundled as CommonJS with every
 * dependency inside (Node 24 runs an embedded main script as CommonJS, and it has no node_modules); the worker
 * bundle, the ECharts file of the HTML report and the demo plan are embedded assets. The binary's debug symbols
 * are stripped when `strip` is installed (binutils): 126 MB → 108 MB.
 */
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type BuildOptions } from 'esbuild';
import { copyEcharts } from '../engine/bundle/echarts.ts';
import { ENGINE_DIR } from '../engine/bundle/worker.ts';
import { EXECUTABLE_ASSETS } from '../engine/cli/executable-assets.ts';

/** postject's API (the package has no types). */
type Inject = (file: string, resource: string, data: Buffer, options: { sentinelFuse: string }) => Promise<void>;
// The fuse Node looks for to know a blob was injected (Node's documentation of single executable applications).
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const { values: opt } = parseArgs({ options: { out: { type: 'string', default: 'dist/sea' } } });
// macOS needs the blob in a Mach-O segment and the binary signed again, Windows a PE resource: not done (or tested) here.
if (process.platform !== 'linux')
  throw new Error(`scripts/build-sea.ts builds the Linux executable only; this is ${process.platform}`);
const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, opt.out);
const work = join(out, 'build');
const executable = join(out, 'loadsmith');
await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });

const common: BuildOptions = {
  absWorkingDir: ENGINE_DIR,
  bundle: true,
  platform: 'node',
  target: `node${process.versions.node.split('.')[0]}`,
  format: 'cjs',
  logLevel: 'warning',
  // Only a checkout builds its worker bundle on demand (engine/bundle/fresh.ts); the executable brings its own.
  external: ['esbuild'],
  // CommonJS has no import.meta; a few modules derive paths from it at load time (unused here: the entry replaces
  // what they point at), so it gets a valid URL rather than undefined.
  define: { 'import.meta.url': '__loadsmith_url' },
  banner: { js: "var __loadsmith_url = require('node:url').pathToFileURL(process.execPath).href;" },
};
await build({ ...common, entryPoints: ['cli/executable-entry.ts'], outfile: join(work, 'loadsmith.cjs') });
await build({ ...common, entryPoints: ['runtime/worker/main.ts'], outfile: join(work, EXECUTABLE_ASSETS.worker) });
const echarts = await copyEcharts(join(out, 'echarts'));

const config = join(work, 'sea-config.json');
const blob = join(work, 'sea.blob');
await writeFile(
  config,
  JSON.stringify({
    main: join(work, 'loadsmith.cjs'),
    output: blob,
    disableExperimentalSEAWarning: true,
    // V8's code cache of the main script, made now: a faster start.
    useCodeCache: true,
    assets: {
      [EXECUTABLE_ASSETS.worker]: join(work, EXECUTABLE_ASSETS.worker),
      [EXECUTABLE_ASSETS.echarts]: echarts,
      [EXECUTABLE_ASSETS.demoPlan]: join(root, 'plans', 'demo.yaml'),
    },
  }),
);
run(process.execPath, ['--experimental-sea-config', config]);

await rm(executable, { force: true });
await copyFile(process.execPath, executable);
await chmod(executable, 0o755);
if (spawnSync('strip', ['--version'], { stdio: 'ignore' }).status === 0) run('strip', ['--strip-all', executable]);
const { inject } = createRequire(import.meta.url)('postject') as { inject: Inject };
await inject(executable, 'NODE_SEA_BLOB', await readFile(blob), { sentinelFuse: SENTINEL_FUSE });

// It must run with nothing around it: no Node on PATH, no environment.
const check = spawnSync(executable, ['--version'], { env: {}, encoding: 'utf8' });
if (check.status !== 0 || !check.stdout.startsWith('loadsmith '))
  throw new Error(`the built executable does not run: ${check.stderr}`);
const mb = ((await stat(executable)).size / 1e6).toFixed(0);
console.log(
  `built ${executable} (${mb} MB, Node ${process.versions.node}, ${process.platform}-${process.arch}): ${check.stdout.trim()}; ECharts licences in ${join(out, 'echarts')}`,
);

function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
}
