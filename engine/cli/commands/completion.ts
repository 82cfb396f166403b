/** `loadsmith completion bash|zsh`: the completion script of every command, printed for the shell to load. */
import { bashCompletion } from '../completion/bash.ts';
import { zshCompletion } from '../completion/zsh.ts';
import { parse } from '../parser.ts';
import type { Handler } from '../program.ts';
import type { CommandSpec } from '../spec.ts';
import { completionSpec, SHELLS } from '../specs/completion.ts';
import { EXIT, UsageError } from '../usage.ts';

/** The command over the program's `specs`: commands.ts hands in its own table (it imports this file lazily). */
export function completionCommand(specs: readonly CommandSpec[]): Handler {
  return async (argv) => {
    const { positionals } = parse(argv, completionSpec);
    const shell = positionals[0];
    if (positionals.length !== 1 || (shell !== 'bash' && shell !== 'zsh')) {
      throw new UsageError(
        `${shell === undefined ? 'which shell?' : positionals.length > 1 ? `expected one shell, got ${positionals.join(' ')}:` : `'${shell}' is not a shell loadsmith completes:`} write loadsmith completion ${SHELLS.join('|')}`,
      );
    }
    process.stdout.write(shell === 'bash' ? bashCompletion(specs) : zshCompletion(specs));
    return EXIT.passed;
  };
}
