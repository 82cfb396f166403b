#!/usr/bin/env node
// Entry point of the `loadsmith` command. The engine is TypeScript run by Node's built-in type stripping,
// so it needs Node >= 22.19 (24 LTS recommended); say so plainly instead of failing on syntax.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}.\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
// A bug exits 103 with its stack, never 1 (a user mistake), also as an uncaught exception or rejection.
const { exitOnUncaught, reportFailure } = await import('../engine/cli/failure.ts');
exitOnUncaught();
let code;
try {
  // `ui` is the app (store, services, server); everything else is the headless engine, which never loads the app.
  code = args[0] === 'ui'
    ? await (await import('../app/server/launch.ts')).uiCommand(args.slice(1))
    : await (await import('../engine/cli/main.ts')).main(args);
} catch (e) {
  code = reportFailure(e);
}
// stdout/stderr are synchronous for files and pipes on POSIX, so exiting now loses no output; it also makes
// sure a stray handle can never keep a finished CLI run alive.
process.exit(code);
