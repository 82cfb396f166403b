/**
 * Where the demo plan is, and how to run it against a demo API from where the user is: plans/demo.yaml in the
 * repository; the runner package and the single executable carry their own copy (useDemoPlan).
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bashQuote } from '../convert/curl/quote.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEMO_PLAN = join(ROOT, 'plans', 'demo.yaml');

/** The demo plan of a bundle (engine/cli/package-entry.ts, executable-entry.ts). */
export interface BundledDemoPlan {
  /** Its file (written out first where the bundle has no files of its own). */
  file: () => Promise<string>;
  /** What `loadsmith demo-server` suggests running against the demo API at `url`. */
  runCommand: (url: string) => string;
}

let bundled: BundledDemoPlan | undefined;

export function useDemoPlan(plan: BundledDemoPlan): void {
  bundled = plan;
}

/** The demo plan's file. */
export function demoPlanFile(): Promise<string> {
  return bundled ? bundled.file() : Promise.resolve(DEMO_PLAN);
}

/**
 * The command that runs the demo plan against `url`, as typed in a shell in `cwd`: in the repository
 * `npx loadsmith run plans/demo.yaml ...`; elsewhere npx would look for a package on the registry, so the bin and
 * the plan by their full paths. A bundle says its own.
 */
export function demoRunCommand(url: string, cwd = process.cwd()): string {
  if (bundled) return bundled.runCommand(url);
  const inside = !relative(ROOT, cwd).startsWith('..');
  const cli = inside ? 'npx loadsmith' : `node ${bashQuote(join(ROOT, 'bin', 'loadsmith.js'))}`;
  return `${cli} run ${bashQuote(inside ? relative(cwd, DEMO_PLAN) : DEMO_PLAN)} --env BASE_URL=${bashQuote(url)}`;
}

export const PROTOCOLS_PLAN = join(ROOT, 'plans', 'examples', 'protocols.yaml');

/**
 * The command that runs plans/examples/protocols.yaml (the lookup over HTTP/1.1, HTTP/2 and gRPC) against a demo
 * server's ports. A bundle carries no example plans: it names the file as the repository has it.
 */
export function protocolsRunCommand(at: { http1: string; h2c: string; grpc: string }, cwd = process.cwd()): string {
  const env = `--env HTTP1_URL=${bashQuote(at.http1)} --env H2C_URL=${bashQuote(at.h2c)} --env GRPC_TARGET=${bashQuote(at.grpc)}`;
  if (bundled)
    return `loadsmith run protocols.yaml ${env}  (protocols.yaml: plans/examples/ in the Loadsmith repository)`;
  const inside = !relative(ROOT, cwd).startsWith('..');
  const cli = inside ? 'npx loadsmith' : `node ${bashQuote(join(ROOT, 'bin', 'loadsmith.js'))}`;
  return `${cli} run ${bashQuote(inside ? relative(cwd, PROTOCOLS_PLAN) : PROTOCOLS_PLAN)} ${env}`;
}
