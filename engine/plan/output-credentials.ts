/**
 * The environment variables that carry a metric output's credentials (tokens, passwords, headers). A plan may come
 * from someone else, so it never reads them: validation refuses `${env.X}` of one (runtime/prepare.ts), a run's
 * templates never see them, and an output the plan chose is opened without them (outputs/plan-outputs.ts). The
 * rule is the plan's, below both the runtime and the outputs that apply it.
 */
const CREDENTIAL =
  /^(LOADSMITH_(PROMETHEUS|INFLUXDB|OTLP)_(TOKEN|USERNAME|PASSWORD|HEADERS)|OTEL_EXPORTER_OTLP(_METRICS)?_HEADERS)$/;

/** Is this environment variable a metric output's credential (a token, password or headers)? */
export function isOutputCredential(name: string): boolean {
  return CREDENTIAL.test(name);
}

/** `env` without the outputs' credentials. */
export function withoutCredentials<V>(env: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !CREDENTIAL.test(name)));
}
