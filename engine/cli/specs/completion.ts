/** `loadsmith completion`: shell completion scripts; and `loadsmith version`, kept for those who type it. */
import { defineCommand } from '../spec.ts';

export const SHELLS = ['bash', 'zsh'] as const;

export const completionSpec = defineCommand({
  name: 'completion',
  summary: 'print the shell completion script (bash or zsh)',
  description:
    "Prints a script that completes loadsmith's commands, options, their values and plan files in your shell. It is made from this version's commands: generate it again after an upgrade.",
  operands: [{ name: 'shell', help: SHELLS.join(' or '), required: true, choices: SHELLS }],
  options: {},
  examples: [
    ['source <(loadsmith completion bash)', 'bash, this shell only (add it to ~/.bashrc to keep it)'],
    ['loadsmith completion zsh > "${fpath[1]}/_loadsmith"', 'zsh: then start a new shell (compinit loads it)'],
  ],
  notes:
    'It completes the command `loadsmith` (on PATH through npm link, a global install or the Docker image). For npx, alias it: alias loadsmith="npx loadsmith".',
});

export const versionSpec = defineCommand({
  name: 'version',
  summary: 'print the version',
  operands: [],
  options: {},
  examples: [],
  hidden: true,
});
