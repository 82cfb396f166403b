// The peers' gRPC workload for k6 (bench/run --only grpc): lookup.Lookup/Get with a status check, as
// bench/plans/grpc.yaml does. Each VU connects once (its own connection) and calls in a loop; --vus/--duration come
// from the command line, the target from -e GRPC_TARGET.
/* global __ENV, __ITER */
import grpc from 'k6/net/grpc';
import { check } from 'k6';

const client = new grpc.Client();
client.load([], '../../plans/examples/protos/lookup.proto');
const message = { phone: '0754952794' };

export default function () {
  if (__ITER === 0) client.connect(__ENV.GRPC_TARGET, { plaintext: true });
  const r = client.invoke('lookup.Lookup/Get', message);
  check(r, { 'status is OK': (res) => res.status === grpc.StatusOK });
}
