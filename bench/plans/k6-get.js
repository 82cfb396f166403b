// The peers' workload for k6 (bench/run): GET the target with a status check, as bench/plans/closed.yaml does.
// Executor and load come from the command line (--vus/--duration) or from K6_SCENARIO=open (constant arrival rate).
/* global __ENV */
import http from 'k6/http';
import { check, sleep } from 'k6';

const open = __ENV.K6_SCENARIO === 'open';
const sleepy = __ENV.K6_SCENARIO === 'sleep';
export const options = open ? {
  scenarios: {
    open: {
      executor: 'constant-arrival-rate', rate: Number(__ENV.RATE), timeUnit: '1s', duration: __ENV.DURATION,
      preAllocatedVUs: 200, maxVUs: 2000,
    },
  },
} : {};

export default function () {
  if (sleepy) { sleep(3600); return; }
  const r = http.get(__ENV.URL);
  check(r, { 'status is 200': (res) => res.status === 200 });
}
