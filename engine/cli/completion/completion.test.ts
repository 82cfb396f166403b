/**
 * The completion scripts in real shells: bash runs its completion function as on Tab (COMP_WORDS, COMP_CWORD);
 * zsh is driven as a terminal (zsh/zpty) with compinit, a Tab typed after a command line, and the completion list
 * read back. zsh is installed by .ci/run (Debian's zsh) like the other tools the tests need.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../commands.ts';
import { bashCompletion } from './bash.ts';
import { zshCompletion } from './zsh.ts';

const specs = commands(undefined).map((c) => c.spec);
/** The scripts, and the folder the shells complete in (a folder and four files). */
let scripts: string;
let dir: string;

beforeAll(async () => {
  scripts = await mkdtemp(join(tmpdir(), 'loadsmith-completion-'));
  await writeFile(join(scripts, 'loadsmith.bash'), bashCompletion(specs));
  await writeFile(join(scripts, '_loadsmith'), zshCompletion(specs));
  dir = join(scripts, 'work');
  await mkdir(join(dir, 'plans'), { recursive: true });
  for (const f of ['plan.yaml', 'other.yml', 'run.json', 'notes.txt']) await writeFile(join(dir, f), '');
});

/** What bash offers for the last word of `line` (a trailing space: an empty word). */
function bash(line: string): string[] {
  const script = `source ${join(scripts, 'loadsmith.bash')}
COMP_WORDS=(${line
    .split(' ')
    .map((w) => `'${w}'`)
    .join(' ')}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
_loadsmith; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean).sort();
}

describe('bash completion', () => {
  it("completes commands, then the command's options", () => {
    expect(bash('loadsmith r')).toEqual(['report', 'resume', 'run']);
    expect(bash('loadsmith run --vu')).toEqual(['--vus']);
    expect(bash('loadsmith run plan.yaml --s')).toEqual([
      '--segment',
      '--shard-log',
      '--start-at',
      '--summary-json',
      '--summary-trend-stats',
    ]);
    expect(bash('loadsmith compare a.json --')).toEqual(['--color', '--help', '--json', '--no-color']);
  });

  it('completes plan files for a plan, any file for a report, fixed values, and nothing for a number', () => {
    expect(bash('loadsmith run ')).toEqual(['other.yml', 'plan.yaml', 'plans', 'run.json']);
    expect(bash('loadsmith run plan.yaml --html ')).toEqual([
      'notes.txt',
      'other.yml',
      'plan.yaml',
      'plans',
      'run.json',
    ]);
    expect(bash('loadsmith import x.har --from ')).toEqual(['curl', 'har', 'jmeter', 'openapi', 'postman', 'vegeta']);
    expect(bash('loadsmith export plan.yaml --to k')).toEqual(['k6']);
    expect(bash('loadsmith run plan.yaml --vus ')).toEqual([]);
    expect(bash('loadsmith help de')).toEqual(['demo', 'demo-server']);
    expect(bash('loadsmith completion ')).toEqual(['bash', 'zsh']);
  });
});

/** The screen after typing `line` and Tab in an interactive zsh with the completion installed (fpath, compinit). */
function zsh(line: string, expected: RegExp): string {
  const driver = `setopt extendedglob
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z 'PS1="> "; fpath=(${scripts} $fpath); autoload -U compinit; compinit -u -D; LISTMAX=1000; loadsmith() { :; }'
zpty -n -w z $'${line}\\t'
screen=''
for i in {1..200}; do
  if zpty -rt z chunk; then screen+=$chunk; else sleep 0.1; fi
  [[ \${screen//$'\\e'\\[[0-9;?]#[a-zA-Z]/} =~ ${JSON.stringify(expected.source)} ]] && break
done
print -r -- "$screen"
zpty -d z`;
  const r = spawnSync('zsh', ['-f', '-c', driver], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  // The terminal's escape sequences out; the completion list (or the completed line) stays.
  return r.stdout.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[a-zA-Z]`, 'g'), '').replace(/\r/g, '\n');
}

describe('zsh completion', () => {
  it("lists the choices of an option's value", () => {
    const screen = zsh('loadsmith import x.har --from ', /curl +har +jmeter +openapi +postman +vegeta/);
    expect(screen).toMatch(/curl +har +jmeter +openapi +postman +vegeta/);
    expect(screen).not.toMatch(/_arguments|command not found|parse error/);
  });

  it('completes a command, an option and a plan file', () => {
    expect(zsh('loadsmith compl', /loadsmith completion /)).toMatch(/loadsmith completion /);
    expect(zsh('loadsmith run --vu', /loadsmith run --vus/)).toMatch(/loadsmith run --vus/);
    const plans = zsh('loadsmith validate ', /other\.yml.*plan\.yaml/s);
    expect(plans).toMatch(/other\.yml.*plan\.yaml/s);
    expect(plans).not.toMatch(/notes\.txt/);
  });

  it('describes the commands', () => {
    const screen = zsh('loadsmith ', /run +-- run a plan file/);
    expect(screen).toMatch(/run +-- run a plan file/);
    expect(screen).toMatch(/breakpoint +-- the highest arrival rate that meets the SLAs/);
  });
});
