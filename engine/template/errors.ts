/**
 * The two ways a template can fail. Syntax errors are found once, when a plan is loaded, and carry the
 * character range inside the template source so the plan loader can turn it into a YAML line:column.
 * Runtime errors happen per request (an unset variable, a missing column) and name what was missing.
 */

/** A template that cannot be compiled. `offset`/`length` locate the problem inside the template source. */
export class TemplateSyntaxError extends Error {
  offset: number;
  length: number;

  constructor(message: string, offset: number, length = 1) {
    super(message);
    this.name = 'TemplateSyntaxError';
    this.offset = offset;
    this.length = Math.max(1, length);
  }
}

/** A template that compiled but could not be rendered with the given context. */
export class TemplateRuntimeError extends Error {
  /** What the template referred to, e.g. `userId`, `env.BASE_URL`, `data.users.email`. */
  reference?: string;

  constructor(message: string, reference?: string) {
    super(message);
    this.name = 'TemplateRuntimeError';
    if (reference !== undefined) this.reference = reference;
  }
}
