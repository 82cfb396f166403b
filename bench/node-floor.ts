/**
 * The floor: what a bare Node.js HTTP/1.1 client costs per request on this machine (net.Socket read the way
 * Loadsmith's fast client reads, into one reused buffer with `onread`; write a GET, count responses by the body's
 * last byte; no parsing, no metrics). Against bench/target ("Hello, World!") only; -raw so the target is not the limit:
 *   GOMAXPROCS=1 taskset -c 0 .tools/bench/bin/target -raw -addr 127.0.0.1:18088 &
 *   taskset -c 1 node bench/node-floor.ts 18088 50 6 1     # port, connections, seconds, requests per write
 * With more than one request per write it pipelines them (the next batch when all are answered, as wrk's script).
 */
import { connect } from 'node:net';

const [port = 18088, conns = 50, secs = 6, depth = 1] = process.argv.slice(2).map(Number);
const batch = Buffer.from(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`.repeat(depth));
const BANG = 0x21; // the body ends with "!"
const READ = Buffer.alloc(65536);
let done = 0;
let stop = false;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < conns; i++) {
  let pending = 0;
  const onread = (n: number, b: Uint8Array): boolean => {
    for (let j = 0; j < n; j++)
      if (b[j] === BANG) {
        done++;
        pending--;
      }
    if (pending === 0 && !stop) {
      s.write(batch);
      pending = depth;
    }
    return true;
  };
  const s = connect({ port, host: '127.0.0.1', noDelay: true, onread: { buffer: READ, callback: onread } });
  s.on('connect', () => {
    s.write(batch);
    pending = depth;
  });
  s.on('error', (e) => {
    console.error(e.message);
    process.exit(1);
  });
}
setTimeout(() => {
  stop = true;
  const c = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  console.log(
    `${Math.round(done / wall)} req/s, CPU ${Math.round((c.user + c.system) / 1e4 / wall)} % of a core, ${((c.user + c.system) / done).toFixed(2)} µs CPU per request (user ${(c.user / done).toFixed(2)}, system ${(c.system / done).toFixed(2)})`,
  );
  process.exit(0);
}, secs * 1000);
