/**
 * The gRPC floors: what a unary lookup.Lookup/Get costs per call without the engine (no templates, protobuf, checks
 * or metrics), `conns` connections each awaiting one call after another with the same request bytes and the
 * response left undecoded. Against a real run of bench/plans/grpc.yaml they show how the CPU per call splits between
 * Node's HTTP/2, @grpc/grpc-js on top of it, and the engine:
 *   GOMAXPROCS=1 taskset -c 0 .tools/bench/bin/grpc-target -addr 127.0.0.1:18089 &
 *   taskset -c 1 node bench/grpc-floor.ts 18089 50 6 grpc-js    # port, connections, seconds, client
 * Clients: `grpc-js` (a Client per connection, as the engine has per VU, with a 60 s deadline as the engine's default
 * timeout gives each call), `grpc-js-no-deadline`, and `http2` (node:http2 alone: a gRPC request's headers, one
 * framed message, the status read from the trailers).
 */
import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { connect, type ClientHttp2Session } from 'node:http2';

const [port = 18089, conns = 50, secs = 6] = process.argv.slice(2, 5).map(Number);
const kind = process.argv[5] ?? 'grpc-js';
// lookup.LookupRequest{phone: "0754952794"}, and as a length-prefixed gRPC message.
const request = Buffer.from([0x0a, 0x0a, ...Buffer.from('0754952794')]);
const framed = Buffer.concat([Buffer.from([0, 0, 0, 0, request.length]), request]);
const raw = (b: Buffer): Buffer => b;

type Call = () => Promise<void>;

function grpcJs(deadline: boolean): Call {
  const c = new Client(`127.0.0.1:${port}`, credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
  return () =>
    new Promise((resolve, reject) => {
      const options = deadline ? { deadline: Date.now() + 60_000 } : {};
      c.makeUnaryRequest('/lookup.Lookup/Get', raw, raw, request, new Metadata(), options, (err) =>
        err ? reject(err) : resolve(),
      );
    });
}

/** The channel's own call (Channel.createCall), under the Client's interceptor and stream layers. */
function grpcJsChannel(): Call {
  const c = new Client(`127.0.0.1:${port}`, credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
  const channel = c.getChannel();
  return () =>
    new Promise((resolve, reject) => {
      const call = channel.createCall('/lookup.Lookup/Get', Date.now() + 60_000, undefined, null, null);
      call.start(new Metadata(), {
        onReceiveMetadata: () => undefined,
        onReceiveMessage: () => undefined,
        onReceiveStatus: (s) => (s.code === 0 ? resolve() : reject(new Error(s.details))),
      });
      call.sendMessageWithContext({}, request);
      call.halfClose();
      call.startRead();
    });
}

const HEADERS = {
  ':method': 'POST',
  ':path': '/lookup.Lookup/Get',
  ':scheme': 'http',
  ':authority': `127.0.0.1:${port}`,
  'content-type': 'application/grpc',
  te: 'trailers',
  'grpc-timeout': '60S',
};

function http2(): Call {
  const s: ClientHttp2Session = connect(`http://127.0.0.1:${port}`);
  return () =>
    new Promise((resolve, reject) => {
      const st = s.request(HEADERS, { endStream: false });
      let status: unknown;
      st.on('data', () => undefined);
      st.on('trailers', (t) => {
        status = t['grpc-status'];
      });
      st.on('close', () => (status === '0' ? resolve() : reject(new Error(`grpc-status ${String(status)}`))));
      st.on('error', reject);
      st.end(framed);
    });
}

const calls: Call[] = Array.from({ length: conns }, () =>
  kind === 'http2' ? http2() : kind === 'grpc-js-channel' ? grpcJsChannel() : grpcJs(kind !== 'grpc-js-no-deadline'),
);
await Promise.all(calls.map((call) => call())); // connected before the clock starts
let done = 0;
let stop = false;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const loops = calls.map(async (call) => {
  while (!stop) {
    await call();
    done++;
  }
});
setTimeout(() => {
  stop = true;
}, secs * 1000);
await Promise.all(loops);
const c = process.cpuUsage(cpu0);
const wall = (performance.now() - t0) / 1000;
console.log(
  `${kind}: ${Math.round(done / wall)} calls/s, CPU ${Math.round((c.user + c.system) / 1e4 / wall)} % of a core, ${((c.user + c.system) / done).toFixed(2)} µs CPU per call (user ${(c.user / done).toFixed(2)}, system ${(c.system / done).toFixed(2)})`,
);
process.exit(0);
