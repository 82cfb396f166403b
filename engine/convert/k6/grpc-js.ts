/**
 * gRPC steps -> k6/net/grpc: one client per target and descriptor source, loaded in the init context (protos) or
 * reflected, connected on the VU's first call as k6 scripts do (each VU runs its own copy of the module), and
 * invoke() per unary call and a grpc.Stream per streaming one (k6 1.3's API: write each message, end(), collect
 * the responses), with the step's metadata and deadline. Checks and extractions read a view of the response shaped
 * like an HTTP one (status, json(), headers; trailers beside), so the HTTP check code serves; onFailure applies as
 * for a request.
 */
import { posix } from 'node:path';
import { grpcCallName, grpcCheckName } from '../../plan/grpc-names.ts';
import { GRPC_CODES, type GrpcCall, type GrpcCheck, type Plan } from '../../plan/schema/index.ts';
import { checkEntries } from './checks-js.ts';
import { policyOf, policyLines } from './failure-js.ts';
import { jsonPathSteps } from './jsonpath-js.ts';
import { indent, jsLiteral, str, type Script } from './script.ts';
import { valueJs } from './template-js.ts';

interface Client {
  /** `{ client, connected, methods }`: methods maps package.Service/Method to its kind (from the loaded protos). */
  variable: string;
  load: string | undefined;
  connect: string;
}
const clientsOf = new WeakMap<Script, Map<string, Client>>();

/** The statements of one gRPC step of the step list `list`; `inGroup`: inside a group(), which runs no async code. */
export function grpcJs(plan: Plan, g: GrpcCall, s: Script, list: string, inGroup: boolean): string[] {
  const name = grpcCallName(g);
  const c = client(g, s);
  s.use('grpcView');
  const params: string[] = [];
  if (g.metadata)
    params.push(
      `metadata: { ${Object.entries(g.metadata)
        .map(([k, v]) => `${str(k)}: ${valueJs(String(v), s)}`)
        .join(', ')} }`,
    );
  if (g.timeout) params.push(`timeout: ${str(g.timeout)}`);
  const hinted = streamHint(g);
  const message = valueJs(g.message ?? g.messages?.[0] ?? {}, s);
  let call: string[];
  if (inGroup) {
    if (hinted !== 'unary')
      s.notes.add(
        'not-exported',
        name,
        "a streaming call inside a group: k6's group() runs no async code, so the script makes it with invoke(), which k6 refuses for a streaming method",
      );
    call = [
      `// ${name}: a unary call (k6 invoke); a streaming method fails here with k6's own error.`,
      `const res = grpcView(${c.variable}.client.invoke(${str(g.method)}, ${message}, { ${params.join(', ')} }), t0);`,
    ];
  } else {
    s.async = true;
    s.use('grpcCall');
    streamNotes(g, name, hinted, s);
    const messages = g.messages === undefined ? 'undefined' : `[${g.messages.map((m) => valueJs(m, s)).join(', ')}]`;
    const hint = g.protos ? 'undefined' : str(hinted);
    call = [
      `// ${name}: unary or streaming, as the method is declared (grpcCall).`,
      `const res = grpcView(await grpcCall(${c.variable}, ${str(g.method)}, ${message}, ${messages}, { ${params.join(', ')} }, ${g.maxMessages ?? DEFAULT_MAX_MESSAGES}, ${hint}), t0);`,
    ];
  }
  const p = policyOf(plan, list, g);
  const checks = g.checks?.length
    ? [`${p ? 'const checked = ' : ''}check(res, {`, ...grpcChecks(g.checks, s, name).map((l) => `  ${l}`), '});']
    : p
      ? ['const checked = true;']
      : [];
  return [
    '{',
    indent(
      [
        `if (!${c.variable}.connected) { ${c.variable}.client.connect(${valueJs(g.target, s)}, ${c.connect}); ${c.variable}.connected = true; }`,
        'const t0 = Date.now();',
        ...call,
        ...checks,
        ...(p ? ['const missed = [];'] : []),
        ...grpcExtracts(g, s, name, p ? 'missed' : undefined),
        ...(p
          ? [
              "const why = res.status !== 0 ? `status ${res.status}` : !checked ? 'a check failed' : missed.length > 0 ? `extraction ${missed[0]} found nothing` : undefined;",
              ...policyLines(list, p, name, '', s),
            ]
          : []),
      ].join('\n'),
    ),
    '}',
  ];
}

const DEFAULT_MAX_MESSAGES = 10_000;
type StreamKind = 'unary' | 'client' | 'server' | 'bidi';

/**
 * What the step says of its method's kind, for a script that cannot ask the protos (reflection): messages make it a
 * client stream, maxMessages a server stream, both a bidirectional one.
 */
function streamHint(g: GrpcCall): StreamKind {
  const sends = g.messages !== undefined;
  const collects = g.maxMessages !== undefined;
  return sends && collects ? 'bidi' : sends ? 'client' : collects ? 'server' : 'unary';
}

function streamNotes(g: GrpcCall, name: string, hinted: StreamKind, s: Script): void {
  if (!g.protos && hinted !== 'unary' && hinted !== 'bidi')
    s.notes.add(
      'approximated',
      name,
      `with reflection the script cannot tell the method's kind before the call: it takes it from the step (messages: client stream, maxMessages: server stream, both: bidirectional; neither: unary), here a ${hinted} stream`,
    );
  if (g.maxMessages !== undefined)
    s.notes.add(
      'approximated',
      name,
      `maxMessages ${g.maxMessages}: the script keeps that many responses, but k6 cannot cancel a stream: the call lasts until the server ends it (or its timeout)`,
    );
  const readsMetadata = [...(g.checks ?? []), ...Object.values(g.extract ?? {})].some(
    (c) => 'metadata' in c || 'trailer' in c,
  );
  if (hinted !== 'unary' && readsMetadata)
    s.notes.add(
      'approximated',
      name,
      "k6's grpc.Stream gives no response metadata or trailers: on a stream, checks on them fail and extractions from them find nothing",
    );
}

function client(g: GrpcCall, s: Script): Client {
  let all = clientsOf.get(s);
  if (all === undefined) {
    all = new Map();
    clientsOf.set(s, all);
  }
  const key = JSON.stringify([g.target, g.protos, g.importPaths, g.plaintext, g.tls]);
  let c = all.get(key);
  if (c === undefined) {
    const variable = `grpcClient${all.size + 1}`;
    const protos = g.protos;
    const dirs = protos ? [...new Set([...(g.importPaths ?? [posix.dirname(protos[0] ?? '.')]), '.'])] : [];
    const load = protos
      ? `${variable}.methods = grpcKinds(${variable}.client.load(${jsLiteral(dirs.map((d) => s.path(d)))}, ${protos.map((p) => str(p)).join(', ')}));`
      : undefined;
    if (protos) s.use('grpcKinds');
    const connect: string[] = [];
    if (g.plaintext) connect.push('plaintext: true');
    if (!protos) connect.push('reflect: true');
    const t = g.tls;
    if (t) {
      const tls: string[] = [];
      if (t.caFile) tls.push(`cacerts: [${s.file(t.caFile)}]`);
      if (t.certFile) tls.push(`cert: ${s.file(t.certFile)}`);
      if (t.keyFile) tls.push(`key: ${s.file(t.keyFile)}`);
      if (t.passphrase) tls.push(`password: ${valueJs(t.passphrase, s)}`);
      if (tls.length) connect.push(`tls: { ${tls.join(', ')} }`);
      if (t.insecure)
        s.notes.add(
          'approximated',
          grpcCallName(g),
          'tls.insecure: k6 connects with insecureSkipTLSVerify set for the whole test (options)',
        );
    }
    c = { variable, load, connect: `{ ${connect.join(', ')} }` };
    all.set(key, c);
  }
  return c;
}

/** What the script needs before the scenarios: the import, and the clients (loading their protos). */
export function grpcInit(s: Script): { imports: string[]; init: string[] } {
  const all = clientsOf.get(s);
  if (all === undefined) return { imports: [], init: [] };
  const init: string[] = [];
  for (const c of all.values()) {
    init.push(`const ${c.variable} = { client: new k6grpc.Client(), connected: false, methods: {} };`);
    if (c.load) init.push(c.load);
  }
  return { imports: ["import k6grpc from 'k6/net/grpc';"], init };
}

const codeOf = (c: number | string): number =>
  typeof c === 'number' ? c : (GRPC_CODES as readonly string[]).indexOf(c);

function grpcChecks(checks: readonly GrpcCheck[], s: Script, where: string): string[] {
  return checks.flatMap((c) => {
    const name = grpcCheckName(c);
    if ('code' in c)
      return [
        `${str(name)}: (r) => ${jsLiteral((Array.isArray(c.code) ? c.code : [c.code]).map(codeOf))}.includes(r.status),`,
      ];
    if ('metadata' in c || 'trailer' in c) {
      const { metadata: _m, trailer: _t, ...ops } = c as GrpcCheck & { metadata?: string; trailer?: string };
      const header = 'metadata' in c ? c.metadata : c.trailer;
      const entries = checkEntries([{ ...ops, header, name }], s, where);
      return 'trailer' in c ? entries.map((e) => e.replaceAll('hdr(r, ', 'hdr(r.trailerView, ')) : entries;
    }
    return checkEntries([c], s, where);
  });
}

/** `missed`: the array collecting extractions that found nothing and have no default (for onFailure). */
function grpcExtracts(g: GrpcCall, s: Script, where: string, missed: string | undefined): string[] {
  const lines: string[] = [];
  for (const [name, x] of Object.entries(g.extract ?? {})) {
    let value: string | undefined;
    if ('jsonPath' in x) {
      const steps = jsonPathSteps(x.jsonPath);
      if (steps !== undefined) {
        s.use('jp');
        value = x.all ? `jp(res, ${steps})` : `jp(res, ${steps})[0]`;
      }
    } else {
      s.use('hdr');
      value = 'metadata' in x ? `hdr(res, ${str(x.metadata)})` : `hdr(res.trailerView, ${str(x.trailer)})`;
    }
    if (value === undefined) {
      s.notes.add(
        'not-exported',
        where,
        `extraction ${name}: its JSONPath has filters or unions, which the script's jp() does not evaluate`,
      );
      lines.push(`// not exported: extraction of ${name}`);
      continue;
    }
    s.use('setVar');
    const set = `setVar(${str(name)}, ${value}${x.default === undefined ? '' : `, ${valueJs(x.default, s)}`})`;
    lines.push(missed === undefined ? `${set};` : `if (!${set}) ${missed}.push(${str(name)});`);
  }
  return lines;
}
