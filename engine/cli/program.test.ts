/**
 * The command line of `loadsmith` in process (main(), output captured): per-command help from `CMD --help`, `-h`
 * and `help CMD`, with examples; every option each command declares is in its help and accepted; unknown commands
 * and options exit 1 naming them and suggesting the closest. The real process is tests/integration/cli-help.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERSION } from '../version.ts';
import { commands } from './commands.ts';
import { main } from './main.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    out += String(c);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => {
    err += String(c);
    return true;
  });
  try {
    return { code: await main(argv), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

const specs = commands(undefined)
  .map((c) => c.spec)
  .filter((s) => !s.hidden);

describe('help', () => {
  it('run --help, run -h and help run print the same help of run, with its options and examples, exit 0', async () => {
    const long = await cli('run', '--help');
    expect(long.code).toBe(0);
    expect(long.err).toBe('');
    expect(long.out).toMatch(/^Usage: loadsmith run <plan> \[options\]\n/);
    expect(long.out).toMatch(/--vus <N> +number of VUs for every scenario/);
    expect(long.out).toMatch(/-e, --env <KEY=VALUE>/);
    expect(long.out).toMatch(/Examples:\n {2}# run the plan as written\n {2}loadsmith run plan\.yaml\n/);
    expect(long.out).toMatch(/Exit codes:\n {2}0 +thresholds passed/);
    expect(await cli('run', '-h')).toEqual(long);
    expect(await cli('help', 'run')).toEqual(long);
    // After the plan and other options too, as people add it to a command line they were writing.
    expect(await cli('run', 'plan.yaml', '--vus', '3', '--help')).toEqual(long);
  });

  it.each(specs.map((s) => [s.name, s] as const))(
    '%s --help lists each of its options and shows examples',
    async (name, spec) => {
      const r = await cli(name, '--help');
      expect(r.code).toBe(0);
      expect(r.out.startsWith(`Usage: loadsmith ${name}`)).toBe(true);
      for (const [key, o] of Object.entries(spec.options)) {
        expect(r.out).toContain(
          `${o.short ? `-${o.short}, ` : ''}--${key}${o.type === 'string' ? ` <${o.value ?? 'VALUE'}>` : ''}`,
        );
        if (o.negatable) expect(r.out).toContain(`--no-${key}`);
      }
      expect(r.out).toContain('Examples:\n');
      expect((await cli('help', name)).out).toBe(r.out);
    },
  );

  it('loadsmith --help and help list every command; no command prints the same and exits 1', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    for (const s of specs) expect(help.out).toMatch(new RegExp(`\\n {2}${s.name}\\b.* {2,}\\S`));
    expect(help.out).not.toMatch(/\n {2}version\b/);
    expect(help.out).toMatch(/loadsmith help <command>/);
    expect(await cli('help')).toEqual(help);
    expect(await cli()).toEqual({ ...help, code: 1 });
  });

  it('prints the version for --version, -V and version', async () => {
    for (const argv of [['--version'], ['-V'], ['version']])
      expect(await cli(...argv)).toEqual({ code: 0, out: `loadsmith ${VERSION}\n`, err: '' });
  });
});

describe('mistakes on the command line exit 1, naming what was typed and suggesting the closest', () => {
  it('an unknown option of a command', async () => {
    expect(await cli('run', 'plan.yaml', '--vu', '10')).toEqual({
      code: 1,
      out: '',
      err: "error: unknown option '--vu'; did you mean --vus? (see loadsmith run --help)\n",
    });
    expect((await cli('import', 'x.har', '--form', 'har')).err).toBe(
      "error: unknown option '--form'; did you mean --from? (see loadsmith import --help)\n",
    );
    expect((await cli('merge', 'a.json', '--htlm', 'r.html')).err).toMatch(
      /unknown option '--htlm'; did you mean --html\?/,
    );
    expect((await cli('validate', 'p.yaml', '--strict')).err).toBe(
      "error: unknown option '--strict' (see loadsmith validate --help)\n",
    );
    // An option of another command is not one of this command's.
    expect((await cli('compare', 'a.json', 'b.json', '--vus', '3')).err).toMatch(
      /^error: unknown option '--vus' \(see loadsmith compare --help\)/,
    );
  });

  it('an option without its value, at the end or followed by another option', async () => {
    expect(await cli('run', 'plan.yaml', '--duration')).toEqual({
      code: 1,
      out: '',
      err: 'error: --duration <D> needs a value (see loadsmith run --help)\n',
    });
    expect((await cli('run', 'plan.yaml', '--vus', '--duration', '1m')).err).toBe(
      "error: --vus <N> needs a value: '--duration' is an option (see loadsmith run --help)\n",
    );
    // `-` (stdout) and `-1` are values, checked by the command itself.
    expect((await cli('run', 'plan.yaml', '--iterations', '-1')).err).toBe(
      "error: --iterations: '-1' is not a whole number of at least 1\n",
    );
  });

  it('an unknown command, also after help', async () => {
    const r = await cli('rn', 'plan.yaml');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^error: unknown command 'rn'; did you mean run\? commands: run, validate, demo, .*completion \(see loadsmith --help\)\n$/,
    );
    expect(await cli('help', 'rn')).toEqual(r);
    expect((await cli('frobnicate')).err).toMatch(/^error: unknown command 'frobnicate'; commands: run, /);
  });

  it("options before the command are the program's own", async () => {
    expect((await cli('--vus', '3', 'run', 'p.yaml')).err).toBe(
      "error: unknown option '--vus' (see loadsmith --help)\n",
    );
  });

  it('ui without the app says the installation has none', async () => {
    expect((await cli('ui', '--no-open')).err).toMatch(
      /^error: loadsmith ui needs the app, which this installation does not include/,
    );
  });
});
