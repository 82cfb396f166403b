/** `loadsmith demo-server [--port N]`: the bundled demo API on 127.0.0.1 until Ctrl-C (or SIGTERM, SIGHUP). */
import { startDemoServer } from '../../demo/server.ts';
import { DEMO_PASSWORD, DEMO_TOKEN } from '../../demo/state.ts';
import { WS_ENDPOINTS } from '../../demo/websocket.ts';
import { parsePort } from '../args.ts';
import { demoRunCommand } from '../demo-plan.ts';
import { parse } from '../parser.ts';
import { demoServerSpec } from '../specs/demo.ts';
import { UsageError } from '../usage.ts';
import { stopSignals } from '../stop-signals.ts';

export async function demoServerCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, demoServerSpec);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const port = parsePort(values.port, 3000);
  const server = await startDemoServer({ port });
  process.stdout.write([
    `loadsmith demo API on ${server.url}`,
    `  POST /v3/auth/login {"username":"any","password":"${DEMO_PASSWORD}"} -> token; or send "Authorization: Token ${DEMO_TOKEN}"`,
    '  GET /v3/users · POST /v3/organizations · GET /slow?ms=200 · GET /flaky?fail=0.1 · GET /status/503',
    `  ${WS_ENDPOINTS}`,
    `  try: ${demoRunCommand(server.url)}`,
    '  Ctrl-C to stop',
    '',
  ].join('\n'));
  await new Promise<void>((resolve) => { stopSignals.listen(() => resolve()); });
  await server.close();
  return 0;
}
