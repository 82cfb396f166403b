/** `loadsmith completion bash|zsh`: the completion script of every command, printed for the shell to load. */
import { commands } from '../commands.ts';
import { bashCompletion } from '../completion/bash.ts';
import { zshCompletion } from '../completion/zsh.ts';
import { parse } from '../parser.ts';
import { completionSpec, SHELLS } from '../specs/completion.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function completionCommand(argv: readonly string[]): Promise<number> {
  const { positionals } = parse(argv, completionSpec);
  const shell = positionals[0];
  if (positionals.length !== 1 || (shell !== 'bash' && shell !== 'zsh')) {
    throw new UsageError(`${shell === undefined ? 'which shell?' : positionals.length > 1 ? `expected one shell, got ${positionals.join(' ')}:` : `'${shell}' is not a shell loadsmith completes:`} write loadsmith completion ${SHELLS.join('|')}`);
  }
  const specs = commands(undefined).map((c) => c.spec);
  process.stdout.write(shell === 'bash' ? bashCompletion(specs) : zshCompletion(specs));
  return EXIT.passed;
}
