/**
 * One full, memory-reducing garbage collection of a thread's heap before the test starts (and of the coordinator's
 * once the workers are gone, before the summary), where the process allows it (the CLI). Parsing and validating a plan, and in each worker deserialising and compiling it, grow the heap with
 * garbage that V8 collects only later and whose pages it keeps: with a 10,000-step plan the main thread held ~90 MB
 * of heap for the whole run of which ~17 MB was live, and each worker ~20 MB more than it needed
 * (docs/performance.md, "Memory with many request names"). The collection V8 makes on a low-memory notification
 * compacts the heap and returns the freed pages to the system: ~50 ms for that plan, once per thread, before any
 * request is sent. It is asked for through an in-process inspector session (HeapProfiler.collectGarbage), which
 * opens no port and needs no V8 flag; a Node built without the inspector skips it.
 *
 * The CLI owns its process and allows it; an application that runs plans through the engine's API (the app) keeps
 * its own heap policy, and nothing is collected there.
 */
let allowed = false;

/** From here on the coordinator compacts its heap before the workers start, and tells them to do the same. */
export function allowHeapCompaction(): void {
  allowed = true;
}

export function heapCompactionAllowed(): boolean {
  return allowed;
}

/** Collects and shrinks this thread's heap; whether it could (Node has an inspector). */
export async function compactHeap(): Promise<boolean> {
  if (!process.features.inspector) return false;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
    return true;
  } finally {
    session.disconnect();
  }
}
