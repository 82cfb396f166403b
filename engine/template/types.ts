/** Public types of the template language; see index.ts for the overview. */

/** Everything a template may read while rendering. Built by the VU interpreter per iteration. */
export interface TemplateContext {
  /** 1-based VU id (global across workers). */
  vu: number;
  /** 0-based iteration number of this VU in this scenario. */
  iter: number;
  scenario: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Plan variables plus values extracted at run time (an extraction shadows a plan variable). */
  vars: ReadonlyMap<string, unknown>;
  /** The current row of each data feeder, by feeder name. */
  data: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  /** Statuses of the VU's responses, for `status()`; absent while the plan's expressions never ask for them. */
  responses?: ResponseStatuses;
}

/** What `status()` and `status('Name')` read: kept by the VU only for plans that use them. */
export interface ResponseStatuses {
  /** The status of the VU's last response; 0 before the first one and after a transport error. */
  last: number;
  /** The last status of each request named in a `status('Name')`, by request name. */
  byName: Map<string, number>;
}

/** Something a template reads, listed so a plan can be validated before a run starts. */
export interface TemplateReference {
  /** `builtin` is one of vu | iter | scenario; `response` a request name read by `status('Name')` ('' for `status()`). */
  kind: 'var' | 'env' | 'data' | 'builtin' | 'response';
  /** Variable name, environment variable name, feeder name, builtin name or request name. */
  name: string;
  /** The column, for `data.<feeder>.<column>`. */
  column?: string;
  /** True inside an expression with a `:-` default: a missing value is then not an error. */
  hasDefault: boolean;
  /** Character offset of the reference in the template source. */
  offset: number;
}

/** A compiled template: compile once when the plan is loaded, render per request. */
export interface Template {
  readonly source: string;
  /** True when the source has no `${...}`: render() returns the (unescaped) source. */
  readonly constant: boolean;
  readonly references: readonly TemplateReference[];
  /** Interpolates: strings as they are, numbers plain, null as `null`, objects and arrays as JSON. */
  render(ctx: TemplateContext): string;
  /** When the source is exactly one `${expr}`, its raw value (number, boolean, object...); else render(). */
  evaluate(ctx: TemplateContext): unknown;
}

/** A compiled expression or part of one: run against the context it reads values from. */
export type Evaluator = (ctx: TemplateContext) => unknown;
