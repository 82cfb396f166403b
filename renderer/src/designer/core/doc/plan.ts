/** The plan, its scenarios, defaults and data files, read from the document as drafts (see draft.ts). */
import type { Check, Defaults, Extractor, Plan, Request, Scenario, Step } from 'loadsmith/plan';
import { getIn, type Doc, type Path } from '../doc-path.ts';
import { asDraft, entriesOf, objectOf, type Draft, type ObjectDraft } from './draft.ts';

export type PlanDraft = ObjectDraft<Plan>;
/** The whole document as the designer holds it: any value, read as a plan (planOf gives its object). */
export type PlanDoc = Draft<Plan>;
export type DefaultsDraft = ObjectDraft<Defaults>;
export type ScenarioDraft = ObjectDraft<Scenario>;
export type StepDraft = ObjectDraft<Step>;
export type RequestDraft = ObjectDraft<Request>;
export type CheckDraft = ObjectDraft<Check>;
export type ExtractorDraft = ObjectDraft<Extractor>;

/** The whole document as a plan draft ({} when it is not an object at all). */
export function planOf(doc: Doc): PlanDraft {
  return objectOf(asDraft<Plan>(doc)) ?? {};
}

/** The value at `path` as a draft of schema type T: the caller says what the path points at. */
export function draftAt<T>(doc: Doc, path: Path): Draft<T> {
  return asDraft<T>(getIn(doc, path));
}

/** The scenarios in their order; a scenario whose value is not an object is there with `undefined`. */
export function scenarioEntries(doc: Doc): [string, ScenarioDraft | undefined][] {
  return entriesOf(planOf(doc).scenarios).map(([name, sc]) => [name, objectOf(sc)]);
}

export function scenarioNames(doc: Doc): string[] {
  return scenarioEntries(doc).map(([name]) => name);
}

/** The scenario named `name`, when it is an object. */
export function scenarioAt(doc: Doc, name: string): ScenarioDraft | undefined {
  return objectOf(objectOf(planOf(doc).scenarios)?.[name]);
}

/** The plan's defaults ({} when there are none). */
export function defaultsOf(doc: Doc): DefaultsDraft {
  return objectOf(planOf(doc).defaults) ?? {};
}
