/** compileJsonPath: parse once, then every query() just runs the compiled segments. */
import { JsonPathSyntaxError } from './errors.ts';
import { Parser } from './filter.ts';
import { MAX_PATH_LENGTH } from './limits.ts';
import { run } from './select.ts';
import type { JsonPath } from './types.ts';

/**
 * Compiles a JSONPath once; query() then runs without parsing.
 * @throws JsonPathSyntaxError with the offset of the problem, for paths that are not valid.
 */
export function compileJsonPath(path: string): JsonPath {
  if (path.length > MAX_PATH_LENGTH) {
    throw new JsonPathSyntaxError(`JSONPath is longer than ${MAX_PATH_LENGTH} characters`, MAX_PATH_LENGTH);
  }
  const segments = new Parser(path).parse();
  return Object.freeze({
    source: path,
    query: (doc: unknown): unknown[] => run(segments, doc, doc),
    first: (doc: unknown): unknown => run(segments, doc, doc)[0],
  });
}
