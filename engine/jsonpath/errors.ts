/** A path that cannot be compiled; `offset` is the character where the problem is. */
export class JsonPathSyntaxError extends Error {
  offset: number;

  constructor(message: string, offset: number) {
    super(message);
    this.name = 'JsonPathSyntaxError';
    this.offset = offset;
  }
}
