/** A gRPC step's row in the tree: a "gRPC" badge and its name, else its method ("gRPC lookup.Lookup/Get"). */
import { grpcLabel, grpcOf, type StepDraft } from '../core/doc/index.ts';
import type { StepText } from './labels.ts';

export function grpcText(s: StepDraft): StepText {
  return { badge: 'gRPC', text: grpcLabel(grpcOf(s) ?? {}) };
}
