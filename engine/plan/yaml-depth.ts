/**
 * Parsing YAML text into the parser's token tree (CST) without letting nesting exhaust the call stack. The CST
 * parser keeps open collections on its own stack, but closes them recursively when a line dedents (a block
 * mapping 2,000 levels deep overflows there), and composing nodes recurses once per level too. So the parser is
 * fed token by token and stopped as soon as its stack holds more than `max` collections.
 */
import { Lexer, Parser, type CST } from 'yaml';

/** Besides collections, the parser's stack holds the document and at most an open scalar and its properties. */
const OTHER_ENTRIES = 3;

export type CstResult = { tokens: CST.Token[] } | { tooDeepAt: number };

/** The text's tokens, or the offset of the first collection found nested more than `max` deep. */
export function parseCst(text: string, max: number, onNewLine: (offset: number) => void): CstResult {
  const parser = new Parser(onNewLine);
  onNewLine(0); // as Parser.parse() does
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    // Within the limit the stack stays at or under max + OTHER_ENTRIES, so this check costs nothing there.
    if (parser.stack.length > max + OTHER_ENTRIES) {
      const at = collectionBeyond(parser.stack, max);
      if (at !== undefined) return { tooDeepAt: at };
    }
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

function collectionBeyond(stack: readonly CST.Token[], max: number): number | undefined {
  let depth = 0;
  for (const token of stack) {
    if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (++depth > max) return token.offset;
    }
  }
  return undefined;
}
