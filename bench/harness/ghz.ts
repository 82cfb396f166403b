/**
 * ghz (github.com/bojand/ghz, pinned v0.93.0 by scripts/install-bench-tools.sh), the gRPC peer of the grpc workload:
 * unary lookup.Lookup/Get with the message bench/plans/grpc.yaml sends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGhz } from './parse-grpc.ts';
import { ROOT, TOOLS } from './paths.ts';
import type { Tool } from './tools.ts';

const ghzBin = join(TOOLS, 'go/bin/ghz');
/** The proto the gRPC target serves (bench/grpc-target answers lookup.Lookup/Get). */
const lookupProto = join(ROOT, 'plans/examples/protos/lookup.proto');

export const ghz: Tool = {
  name: 'ghz',
  bin: ghzBin,
  version: () => 'ghz v0.93.0', // built by go install, it calls itself "dev"
  // --connections = -c: a connection per worker, as each Loadsmith and k6 VU has; --cpus 1: GOMAXPROCS for its one
  // core; --duration-stop ignore: calls cut short by the end of the run are not counted (as errors or at all).
  grpc: (addr, c, s, dir) => {
    const out = join(dir, 'ghz.json');
    return {
      argv: [
        ghzBin,
        '--insecure',
        '--proto',
        lookupProto,
        '--call',
        'lookup.Lookup/Get',
        '-d',
        '{"phone":"0754952794"}',
        '-c',
        String(c),
        '--connections',
        String(c),
        '--cpus',
        '1',
        '-z',
        `${s}s`,
        '--duration-stop',
        'ignore',
        '-O',
        'json',
        '-o',
        out,
        addr,
      ],
      read: () => parseGhz(readFileSync(out, 'utf8')),
    };
  },
};
