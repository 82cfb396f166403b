/**
 * `loadsmith/template` — the `${...}` expression language of plan files: compiling templates, the builtins and the
 * functions a plan may call, and the parser the editor uses to find and colour expressions. Browser-safe.
 */
export * from '../template/index.ts';
export { parseEmbedded, type Embedded } from '../template/parser.ts';
