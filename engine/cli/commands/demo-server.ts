/**
 * `loadsmith demo-server [--port N]`: the bundled demo API on 127.0.0.1 until Ctrl-C (or SIGTERM, SIGHUP), and the
 * lookup of the protocols study over HTTP/1.1 (the same port), HTTP/2 cleartext, HTTP/2 over TLS and gRPC (ports of
 * their own). The TLS port's certificate is made at start-up and lives only as long as the process.
 */
import { startGrpcLookup } from '../../demo/lookup/grpc-server.ts';
import { LOOKUP_PREFIX, startH2cLookup } from '../../demo/lookup/http-lookup.ts';
import { selfSignedCertificate } from '../../demo/self-signed.ts';
import { startDemoServer } from '../../demo/server.ts';
import { DEMO_PASSWORD, DEMO_TOKEN } from '../../demo/state.ts';
import { WS_ENDPOINTS } from '../../demo/websocket.ts';
import { cliDuration, parsePort } from '../args.ts';
import { demoRunCommand, protocolsRunCommand } from '../demo-plan.ts';
import { parse } from '../parser.ts';
import { demoServerSpec } from '../specs/demo.ts';
import { UsageError } from '../usage.ts';
import { stopSignals } from '../stop-signals.ts';

const PHONE = '0754952794';

export async function demoServerCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, demoServerSpec);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const port = parsePort(values.port, 3000);
  const next = (k: number): number => (port === 0 ? 0 : port + k);
  const h2cPort = parsePort(values['h2c-port'], next(1));
  const grpcPort = parsePort(values['grpc-port'], next(2));
  const h2Port = parsePort(values['h2-port'], next(3));
  const delayMs = values['lookup-delay'] === undefined ? 0 : cliDuration('--lookup-delay', values['lookup-delay']);
  const server = await startDemoServer({ port, lookupDelayMs: delayMs });
  const h2c = await startH2cLookup({ port: h2cPort, delayMs });
  const tls = selfSignedCertificate({ commonName: 'loadsmith demo-server', hosts: ['127.0.0.1', '::1', 'localhost'] });
  const h2 = await startH2cLookup({ port: h2Port, delayMs, tls });
  const grpc = await startGrpcLookup({ port: grpcPort, delayMs });
  const grpcTarget = `127.0.0.1:${grpc.port}`;
  process.stdout.write(
    [
      `loadsmith demo API on ${server.url}`,
      `  POST /v3/auth/login {"username":"any","password":"${DEMO_PASSWORD}"} -> token; or send "Authorization: Token ${DEMO_TOKEN}"`,
      '  GET /v3/users · POST /v3/organizations · GET /slow?ms=200 · GET /flaky?fail=0.1 · GET /status/503',
      `  ${WS_ENDPOINTS}`,
      `  lookup (backend ${delayMs}ms): HTTP/1.1 ${server.url}${LOOKUP_PREFIX}${PHONE} · HTTP/2 (h2c) ${h2c.url}${LOOKUP_PREFIX}${PHONE} · gRPC ${grpcTarget} lookup.Lookup/Get${grpc.reflection ? ' (reflection on)' : ''}`,
      `  HTTP/2 over TLS ${h2.url}${LOOKUP_PREFIX}${PHONE} (a certificate made now: trust it with insecureTls: true)`,
      `  try: ${demoRunCommand(server.url)}`,
      `  protocols: ${protocolsRunCommand({ http1: server.url, h2c: h2c.url, grpc: grpcTarget })}`,
      '  Ctrl-C to stop',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    stopSignals.listen(() => resolve());
  });
  await Promise.all([server.close(), h2c.close(), h2.close(), grpc.close()]);
  return 0;
}
