/**
 * `loadsmith demo`: the embedded default. Starts the bundled demo API on a free loopback port and runs
 * plans/demo.yaml against it, so a new user sees a complete run with no setup.
 */
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '../../demo/server.ts';
import { parseRunArgs } from '../args.ts';
import { runPlanFile } from './run.ts';

export const DEMO_PLAN = fileURLToPath(new URL('../../../plans/demo.yaml', import.meta.url));

/** The demo plan's file: plans/demo.yaml here; the runner package and the single executable carry their own copy. */
let demoPlanFile = (): Promise<string> => Promise.resolve(DEMO_PLAN);

/** Set by the entry points of the bundles (engine/cli/package-entry.ts, executable-entry.ts). */
export function useDemoPlan(file: () => Promise<string>): void {
  demoPlanFile = file;
}

export async function demoCommand(argv: string[]): Promise<number> {
  const args = parseRunArgs(argv, false);
  const server = await startDemoServer({ port: 0 });
  process.stderr.write(`\n  demo API listening on ${server.url} (bundled, loopback only)\n`);
  try {
    return await runPlanFile(await demoPlanFile(), args, { BASE_URL: server.url });
  } finally {
    await server.close();
  }
}
