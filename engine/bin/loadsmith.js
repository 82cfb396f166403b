#!/usr/bin/env node
// `loadsmith`, the command of the runner package (npm install loadsmith). Installed, it runs the pre-built bundle
// (dist/loadsmith.mjs, made by `npm pack`): Node does not strip TypeScript types under node_modules. In the
// repository, where the sources are next to it, it runs them (Node >= 22.19); say so plainly instead of failing on
// syntax.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(
    `loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}.\n`,
  );
  process.exit(1);
}
// A stop request (Ctrl-C, SIGTERM, SIGHUP) is handled from the first moment, not by Node's silent exit 130: held
// here in plain JavaScript while the CLI loads (from the sources, 100 ms or more), then handed to it (launch.ts).
const held = {
  received: [],
  hold: (signal) => {
    held.received.push(signal);
  },
};
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, held.hold);
const sources = new URL('../cli/launch.ts', import.meta.url);
const { launch } = await import(existsSync(sources) ? sources.href : '../dist/loadsmith.mjs');
// stdout/stderr are synchronous for files and pipes on POSIX, so exiting now loses no output; it also makes
// sure a stray handle can never keep a finished CLI run alive.
process.exit(await launch(process.argv.slice(2), held));
