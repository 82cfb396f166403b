#!/usr/bin/env node
// Entry point of the `loadsmith` command in the repository. `ui` is the app's command (store, services, server);
// every other command is the headless runner's, run by the runner package's own bin (engine/bin/loadsmith.js: from
// the TypeScript sources here, which need Node's type stripping), which never loads the app.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}.\n`);
  process.exit(1);
}
if (process.argv[2] === 'ui') {
  const { launch } = await import('../engine/cli/launch.ts');
  // `ui` handles its own signals (it closes the store and stops a running test).
  const ui = async (args) => (await import('../app/server/launch.ts')).uiCommand(args.slice(1));
  process.exit(await launch(process.argv.slice(2), undefined, ui));
} else {
  await import('../engine/bin/loadsmith.js');
}
