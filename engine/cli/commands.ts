/** Every command of `loadsmith`: its spec and where its handler lives (imported when the command runs). */
import { command, type CliCommand, type Handler } from './program.ts';
import { breakpointSpec } from './specs/breakpoint.ts';
import { completionSpec, versionSpec } from './specs/completion.ts';
import { exportSpec, importSpec } from './specs/convert.ts';
import { demoServerSpec, demoSpec } from './specs/demo.ts';
import { k8sSpec } from './specs/k8s.ts';
import { pauseSpec, resumeSpec, scaleSpec, statusSpec } from './specs/control.ts';
import { compareSpec, mergeSpec, reportSpec } from './specs/reports.ts';
import { runSpec } from './specs/run.ts';
import { uiSpec } from './specs/ui.ts';
import { schemaSpec, validateSpec } from './specs/validate.ts';
import { parse } from './parser.ts';
import { UsageError } from './usage.ts';
import { VERSION } from '../version.ts';

/** What `loadsmith ui` starts: the app, which the engine never imports (bin/loadsmith.js hands it in). */
export type UiLauncher = (options: { port: number; open: boolean; dataDir: string | undefined }) => Promise<number>;

export function commands(ui: (() => Promise<UiLauncher>) | undefined): CliCommand[] {
  const all: CliCommand[] = [
    command(runSpec, async () => (await import('./commands/run.ts')).runCommand),
    command(validateSpec, async () => (await import('./commands/validate.ts')).validateCommand),
    command(demoSpec, async () => (await import('./commands/demo.ts')).demoCommand),
    command(demoServerSpec, async () => (await import('./commands/demo-server.ts')).demoServerCommand),
    command(reportSpec, async () => (await import('./commands/report.ts')).reportCommand),
    command(compareSpec, async () => (await import('./commands/compare.ts')).compareCommand),
    command(mergeSpec, async () => (await import('./commands/merge.ts')).mergeCommand),
    command(k8sSpec, async () => (await import('./commands/k8s.ts')).k8sCommand),
    command(breakpointSpec, async () => (await import('./commands/breakpoint.ts')).breakpointCommand),
    command(pauseSpec, async () => (await import('./commands/control.ts')).pauseCommand),
    command(resumeSpec, async () => (await import('./commands/control.ts')).resumeCommand),
    command(scaleSpec, async () => (await import('./commands/control.ts')).scaleCommand),
    command(statusSpec, async () => (await import('./commands/control.ts')).statusCommand),
    command(importSpec, async () => (await import('./commands/import.ts')).importCommand),
    command(exportSpec, async () => (await import('./commands/export.ts')).exportCommand),
    command(schemaSpec, async () => (await import('./commands/schema.ts')).schemaCommand),
    command(uiSpec, async () => uiCommand(ui)),
    command(completionSpec, async () =>
      (await import('./commands/completion.ts')).completionCommand(all.map((c) => c.spec)),
    ),
    command(versionSpec, async () => async () => {
      process.stdout.write(`loadsmith ${VERSION}\n`);
      return 0;
    }),
  ];
  return all;
}

function uiCommand(load: (() => Promise<UiLauncher>) | undefined): Handler {
  return async (argv) => {
    const { values, positionals } = parse(argv, uiSpec);
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    if (!load)
      throw new UsageError(
        'loadsmith ui needs the app, which this installation does not include (the headless runner runs plans only): use the repository or the desktop app',
      );
    const { parsePort } = await import('./args.ts');
    return (await load())({ port: parsePort(values.port, 0), open: !values['no-open'], dataDir: values['data-dir'] });
  };
}
