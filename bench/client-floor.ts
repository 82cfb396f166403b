/**
 * The fast HTTP/1.1 client alone, without the engine (no interpreter, templates, checks or metrics): `conns` async
 * loops each awaiting one exchange after another. Between bench/node-floor.ts (bare sockets) and a real run, it
 * shows how the CPU per request splits between Node's sockets, the client and the engine. Use the -raw target:
 *   GOMAXPROCS=1 taskset -c 0 .tools/bench/bin/target -raw -addr 127.0.0.1:18088 &
 *   taskset -c 1 node bench/client-floor.ts 18088 50 6     # port, connections, seconds
 */
import { Agent } from 'undici';
import type { ExchangeSpec } from '../engine/runtime/http/types.ts';
import { FastClient } from '../engine/runtime/http/fast/client.ts';

const [port = 18088, conns = 50, secs = 6] = process.argv.slice(2).map(Number);
const fallback = new Agent();
const client = new FastClient({ connections: conns, connectTimeoutMs: 5000, tls: undefined, fallback });
const spec: ExchangeSpec = {
  origin: `http://127.0.0.1:${port}`,
  path: '/',
  method: 'GET',
  headers: ['user-agent', 'loadsmith-floor'],
  body: null,
  timeoutMs: 60_000,
  keepAlive: true,
  keepBody: false,
  maxBodySize: 0,
};
let done = 0;
let stop = false;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
async function loop(): Promise<void> {
  while (!stop) {
    const r = await client.exchange(spec);
    if (r === undefined) throw new Error('the fast client sent this request to undici');
    if (r.status !== 200) throw new Error(`status ${r.status}: ${r.error?.message ?? ''}`);
    done++;
  }
}
const loops = Array.from({ length: conns }, () => loop());
setTimeout(() => {
  stop = true;
}, secs * 1000);
await Promise.all(loops);
const c = process.cpuUsage(cpu0);
const wall = (performance.now() - t0) / 1000;
console.log(
  `${Math.round(done / wall)} req/s, CPU ${Math.round((c.user + c.system) / 1e4 / wall)} % of a core, ${((c.user + c.system) / done).toFixed(2)} µs CPU per request (user ${(c.user / done).toFixed(2)}, system ${(c.system / done).toFixed(2)})`,
);
process.exit(0);
