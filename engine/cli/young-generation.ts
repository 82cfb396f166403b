/**
 * The CLI's young generation (V8's nursery for new objects) stays at its starting size. Left alone, V8 doubles it
 * each time much of what it holds survives a scavenge, up to 128 MB on a machine with a large heap limit, and
 * that memory stays resident until the process exits. Parsing and validating a plan keeps nearly everything it
 * allocates (a 10,000-step plan's YAML document and its validated copies), and a larger nursery only copies those
 * objects more before they are promoted anyway: `loadsmith validate` of such a plan peaked at 288 MB with the
 * default, 166 MB with the nursery held, in the same CPU time. During a run the main thread merges the workers'
 * per-second samples, which a small nursery promotes before they die: with thousands of request names that costs the
 * coordinator CPU in old-generation collections (docs/performance.md, "Memory with many request names"), less since
 * series keys cross once (metrics/series-keys.ts). Letting it grow to 16 MB for a run cost 50–70 MB of RSS.
 *
 * The main thread's heap limits were fixed when Node started, but V8 reads the growth factor each time it would
 * grow a nursery, in every isolate of the process: worker threads keep their starting 1 MB semi-spaces too. They
 * used to start at 8 MB (`--min-semi-space-size`, what a busy worker grew to), which cost 14 MB of RSS per worker
 * (4 workers, one request name: ~300 MB -> ~240 MB) for no CPU per request that the ceiling benchmark could see
 * (bench/RESULTS.md, "Memory per request name, 2026-11-26 evening"): a scavenge costs what survives it, and little
 * of a request survives. Workers started through the engine's API elsewhere (the app) keep V8's growth, capped by
 * their `resourceLimits` (runtime/coordinator.ts). The CLI owns its process; an application that runs plans
 * through the engine's API keeps its own heap settings.
 */
import { setFlagsFromString } from 'node:v8';

/** From here on the nurseries of this process stay as large as they are; the CLI calls it first thing. */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
