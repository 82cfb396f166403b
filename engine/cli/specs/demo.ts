/** `loadsmith demo` and `loadsmith demo-server`: the bundled demo API, with or without a run of plans/demo.yaml. */
import { defineCommand } from '../spec.ts';
import { RUN_OPTIONS } from './run.ts';

export const demoSpec = defineCommand({
  name: 'demo',
  summary: 'start the bundled demo API and run plans/demo.yaml against it',
  description:
    'Starts the bundled demo API on a free loopback port and runs plans/demo.yaml against it (about 15 s): a complete run with no set-up. Takes the options of loadsmith run.',
  operands: [],
  options: RUN_OPTIONS,
  examples: [
    ['loadsmith demo', 'the demo run, with its live progress line'],
    ['loadsmith demo --vus 5 --duration 10s', 'the demo plan with another load'],
    ['loadsmith demo -q --html demo.html', 'just the summary, and the HTML report'],
  ],
});

export const demoServerSpec = defineCommand({
  name: 'demo-server',
  summary: 'serve the bundled demo API on 127.0.0.1 until Ctrl-C',
  operands: [],
  options: {
    port: { type: 'string', short: 'p', value: 'N', help: 'the port (default 3000; 0 for a free one)' },
    'h2c-port': {
      type: 'string',
      value: 'N',
      help: 'the lookup over HTTP/2 cleartext (default: --port + 1; 0 for a free one)',
    },
    'h2-port': {
      type: 'string',
      value: 'N',
      help: 'the lookup over HTTP/2 with TLS, self-signed for 127.0.0.1, ::1 and localhost (default: --port + 3; 0 for a free one)',
    },
    'grpc-port': {
      type: 'string',
      value: 'N',
      help: 'the lookup over gRPC, with reflection (default: --port + 2; 0 for a free one)',
    },
    'lookup-delay': {
      type: 'string',
      value: 'DURATION',
      help: "the lookup's backend time, on every protocol (default 0ms), e.g. 50ms",
    },
  },
  examples: [
    ['loadsmith demo-server', 'the demo API on http://127.0.0.1:3000'],
    ['loadsmith demo-server --port 0', 'on free ports (printed)'],
    [
      'loadsmith demo-server --lookup-delay 50ms',
      "the protocols study's lookup with a 50 ms backend (plans/examples/protocols.yaml)",
    ],
  ],
});
