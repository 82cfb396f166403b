/**
 * The designer's typed, lenient view of the plan document (useDesigner().doc, a PlanDoc). Read it through these
 * functions (planOf, scenarioAt, stepAt, requestAt, draftAt, then objectOf/listOf/entriesOf inside), never by
 * casting to Record<string, unknown> (lint forbids that in the designer): a draft is typed by the plan schema and
 * honest about what a half-typed plan holds (draft.ts). Form fields bound to one path (fields/useField.ts) take the
 * value as it is. Write with the designer's edits (core/edits.ts: set, insert, delete, move, renameKey) at document
 * paths; a key the form adds lands where a person writes it (core/key-order.ts); builders return schema types.
 *
 * Adding a step type (say `websocket`), once engine/plan/schema has it in its Step union:
 * 1. steps.ts: its entry in STEP_KINDS (the "Add" label, a new step ready to run, and `children` if it holds one list
 *    of steps, or `branches` and `isBranch` if it holds several: flow-kinds.ts has the if's and the switches').
 *    StepKind is derived from the schema, so until then the designer does not compile.
 * 2. request/StepEditor.tsx: its editor in EDITORS (one component taking the step's path).
 * 3. tree/labels.ts: its badge and text in stepText (the tree node kind is the step kind).
 * Moves, drag and drop, selection after deletes, the add menus and the estimates follow from the table.
 */
export * from './draft.ts';
export * from './plan.ts';
export * from './steps.ts';
export { newRequest } from './flow-kinds.ts';
export * from './grpc-kind.ts';
