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
 * grow the nursery: 1 keeps it where it is. Worker threads are isolates created later: they start with 8 MB
 * semi-spaces, what a busy worker grew to before (its `resourceLimits` cap, coordinator.ts), so the request path
 * scavenges as often as it did. The CLI owns its process; an application that runs plans through the engine's
 * API keeps its own heap settings.
 */
import { setFlagsFromString } from 'node:v8';

/** Semi-space size (MB) a worker starts with: its whole young generation cap of 24 MB (coordinator.ts). */
const WORKER_SEMI_SPACE_MB = 8;

/** From here on the main thread's nursery stays as large as it is; the CLI calls it first thing. */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString(`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
}
