/**
 * `loadsmith demo`: the embedded default. Starts the bundled demo API on a free loopback port and runs
 * plans/demo.yaml against it, so a new user sees a complete run with no setup.
 */
import { startDemoServer } from '../../demo/server.ts';
import { parseRunArgs } from '../args.ts';
import { demoPlanFile } from '../demo-plan.ts';
import { runPlanFile } from './run.ts';

export async function demoCommand(argv: readonly string[]): Promise<number> {
  const args = parseRunArgs(argv, false);
  const server = await startDemoServer({ port: 0 });
  process.stderr.write(`\n  demo API listening on ${server.url} (bundled, loopback only)\n`);
  try {
    return await runPlanFile(await demoPlanFile(), args, { BASE_URL: server.url });
  } finally {
    await server.close();
  }
}
