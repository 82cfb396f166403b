#!/usr/bin/env node
// Entry point of the `loadsmith` command. The engine is TypeScript run by Node's built-in type stripping,
// so it needs Node >= 22.19 (24 LTS recommended); say so plainly instead of failing on syntax.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}.\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
// A stop request (Ctrl-C, SIGTERM, SIGHUP) is handled from the first moment, not by Node's silent exit 130: held
// here in plain JavaScript while the first TypeScript module loads (100 ms or more), then handed to stop-signals.
// `ui` handles its own signals (it closes the store and stops a running test).
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const early = [];
const hold = (signal) => { early.push(signal); };
if (args[0] !== 'ui') for (const s of STOP_SIGNALS) process.on(s, hold);
// A bug exits 103 with its stack, never 1 (a user mistake).
const { exitOnUncaught, reportFailure } = await import('../engine/cli/failure.ts');
exitOnUncaught();
// A reader of stdout/stderr that went away (EPIPE) costs the output, never the run or its report files.
for (const stream of [process.stdout, process.stderr]) stream.on('error', (e) => { if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e; });
if (args[0] !== 'ui') {
  const { stopSignals } = await import('../engine/cli/stop-signals.ts');
  stopSignals.install();
  for (const s of STOP_SIGNALS) process.off(s, hold);
  for (const s of early) stopSignals.receive(s);
}
// `ui` is the app (store, services, server), loaded only for that command: the headless engine never loads the app,
// and an installation without it (the Docker image) says so.
const app = new URL('../app/server/launch.ts', import.meta.url);
const ui = existsSync(app) ? async () => (await import(app.href)).uiCommand : undefined;
let code;
try {
  code = await (await import('../engine/cli/main.ts')).main(args, ui);
} catch (e) {
  code = reportFailure(e);
}
// stdout/stderr are synchronous for files and pipes on POSIX, so exiting now loses no output; it also makes
// sure a stray handle can never keep a finished CLI run alive.
process.exit(code);
