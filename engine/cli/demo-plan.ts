/** Where the demo plan is, and how to run it against a demo API from where the user is. */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bashQuote } from '../convert/curl/quote.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEMO_PLAN = join(ROOT, 'plans', 'demo.yaml');

/**
 * The command that runs the demo plan against `url`, as typed in a shell in `cwd`: in the repository (or the
 * Docker image) `npx loadsmith run plans/demo.yaml ...`; elsewhere npx would look for a package on the registry,
 * so the bin and the plan by their full paths.
 */
export function demoRunCommand(url: string, cwd = process.cwd()): string {
  const inside = !relative(ROOT, cwd).startsWith('..');
  const cli = inside ? 'npx loadsmith' : `node ${bashQuote(join(ROOT, 'bin', 'loadsmith.js'))}`;
  return `${cli} run ${bashQuote(inside ? relative(cwd, DEMO_PLAN) : DEMO_PLAN)} --env BASE_URL=${bashQuote(url)}`;
}
