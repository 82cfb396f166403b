/**
 * JSONPath for checks and extractions: the Goessner / RFC 9535 subset users know from k6, Postman and
 * Jayway: `$`, `.name`, `['name']`, `[n]`, `[-1]`, `[*]`, `.*`, `..`, slices `[start:end:step]`, unions
 * `[0,2]`, and filters `[?(@.price < 10 && @.isbn)]` with RFC 9535 comparison semantics.
 *
 * Paths are compiled once into closures. They read plain data only: own data properties of plain objects
 * and array elements, never prototypes, getters or methods; nothing in a path is ever executed.
 *
 * Layout: lexer.ts (characters, names, strings) -> parser.ts (path segments) -> filter.ts (filter
 * expressions; the complete parser), compiling into select.ts (selectors and segments) and compare.ts
 * (filter comparisons) over data.ts (reading plain data); compile.ts ties them together.
 */
export { JsonPathSyntaxError } from './errors.ts';
export { MAX_PATH_LENGTH, MAX_FILTER_DEPTH } from './limits.ts';
export { compileJsonPath } from './compile.ts';
