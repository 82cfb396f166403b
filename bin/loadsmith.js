#!/usr/bin/env node
// Entry point of the `loadsmith` command in the repository: the runner's commands and the app's `ui`. The engine is
// TypeScript run by Node's built-in type stripping, so it needs Node >= 22.19 (24 LTS recommended); say so plainly
// instead of failing on syntax. This file is plain JavaScript that old Node versions run, to say it. The runner
// package has a bin of its own (engine/bin/loadsmith.js), which runs a pre-built bundle and has no `ui`.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  const npm = process.env.npm_command === 'exec' ? " (npm's EBADENGINE warnings above say the same)" : '';
  process.stderr.write(
    `loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}${npm}.\n${newerNodeHint()}`,
  );
  process.exit(1);
}

/** In the repository, scripts/ensure-node.sh puts Node 24 on PATH (installing it into .tools/ first when needed). */
function newerNodeHint() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const script = join(root, 'scripts', 'ensure-node.sh');
  if (!existsSync(script)) return '';
  // Relative from inside the repository, absolute from elsewhere.
  const path = relative(root, process.cwd()).startsWith('..') ? script : relative(process.cwd(), script);
  const source = `source ${/\s/.test(path) ? `'${path}'` : path}`;
  // The path where ensure-node.sh installs the npm registry's `node` package.
  const local = join(
    root,
    '.tools',
    'node_modules',
    'node',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node',
  );
  return existsSync(local)
    ? `Node 24 is already installed in this repository: run \`${source}\` to put it first on this shell's PATH, then run the command again.\n`
    : `Run \`${source}\`: it installs Node 24 into the repository's .tools/ (from the npm registry, nothing global) and puts it first on this shell's PATH.\n`;
}

const args = process.argv.slice(2);
// A stop request (Ctrl-C, SIGTERM, SIGHUP) is handled from the first moment, not by Node's silent exit 130: held
// here in plain JavaScript while the first TypeScript module loads (100 ms or more), then handed to stop-signals
// (engine/cli/launch.ts). `ui` handles its own signals (it closes the store and stops a running test).
const held = {
  received: [],
  hold: (signal) => {
    held.received.push(signal);
  },
};
if (args[0] !== 'ui') for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, held.hold);
const { launch } = await import('../engine/cli/launch.ts');
// `ui` is the app (store, services, server), loaded only for that command: the headless engine never loads the app,
// and an installation without it says so.
const app = new URL('../app/server/launch.ts', import.meta.url);
const ui = existsSync(app) ? async () => (await import(app.href)).uiCommand : undefined;
// stdout/stderr are synchronous for files and pipes on POSIX, so exiting now loses no output; it also makes
// sure a stray handle can never keep a finished CLI run alive.
process.exit(await launch(args, held, ui));
