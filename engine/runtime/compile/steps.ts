/** Plan steps -> executable steps (compiled once per worker and scenario). */
import { parseDuration } from '../../plan/duration.ts';
import type { Step } from '../../plan/schema/index.ts';
import { compileRequest, type CompileContext, type CompiledRequest } from './request.ts';

export type CompiledStep =
  | CompiledRequest
  | { kind: 'think'; minMs: number; maxMs: number }
  | { kind: 'group'; name: string; path: string; steps: CompiledStep[] }
  | { kind: 'batch'; requests: CompiledRequest[] };

export function compileSteps(steps: readonly Step[], group: string, cc: CompileContext): CompiledStep[] {
  return steps.map((s): CompiledStep => {
    if ('request' in s) return compileRequest(s.request, group, cc);
    if ('batch' in s) return { kind: 'batch', requests: s.batch.map((b) => compileRequest(b.request, group, cc)) };
    if ('group' in s) {
      const path = `${group}::${s.group.name}`;
      return { kind: 'group', name: s.group.name, path, steps: compileSteps(s.group.steps, path, cc) };
    }
    const t = s.think;
    const min = parseDuration(typeof t === 'string' ? t : t.min) ?? 0;
    const max = parseDuration(typeof t === 'string' ? t : t.max) ?? min;
    return { kind: 'think', minMs: min, maxMs: max };
  });
}
