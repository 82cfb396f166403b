#!/usr/bin/env node
// Entry point of the `loadsmith` command. The engine is TypeScript run by Node's built-in type stripping,
// so it needs Node >= 22.19 (24 LTS recommended); say so plainly instead of failing on syntax.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node ${process.versions.node}.\n`);
  process.exit(1);
}
const { main } = await import('../engine/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
