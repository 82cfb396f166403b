/**
 * A Thread Group -> a scenario's executor: threads are VUs; a scheduled duration gives constant-vus (ramping-vus
 * when there is a ramp-up); a loop count gives per-vu-iterations; "infinite" without a duration runs until JMeter
 * is stopped, which a plan cannot say (10 minutes, reported). The sampler error action becomes the requests'
 * onFailure. Numbers written as `${__P(name,default)}` take their default, reported.
 */
import type { OnFailure } from '../../plan/schema/index.ts';
import type { ScenarioHead } from '../build-plan.ts';
import type { Notes } from '../draft.ts';
import { boolProp, elementProp, prop } from './props.ts';
import type { JmxElement } from './xml.ts';

export interface ThreadGroupPlan {
  head: ScenarioHead;
  onFailure: OnFailure | undefined;
}

export function threadGroupPlan(e: JmxElement, notes: Notes): ThreadGroupPlan {
  const where = e.path.join(' › ');
  const num = (text: string | undefined, what: string, fallback: number): number => {
    const v = (text ?? '').trim();
    if (/^-?\d+$/.test(v)) return Number(v);
    const p = /^\$\{__P(?:roperty)?\(([^,)]*),([^)]*)\)\}$/.exec(v);
    if (p && /^\s*-?\d+\s*$/.test(p[2] ?? '')) {
      notes.add(
        'approximated',
        where,
        `${what} ${v}: the property's default, ${Number(p[2])}, is used (a plan's executor takes numbers)`,
      );
      return Number(p[2]);
    }
    if (v !== '') notes.add('approximated', where, `${what} '${v}' is not a number: ${fallback} is used`);
    return fallback;
  };
  const vus = Math.max(1, num(prop(e.props, 'ThreadGroup.num_threads'), 'number of threads', 1));
  const ramp = Math.max(0, num(prop(e.props, 'ThreadGroup.ramp_time'), 'ramp-up', 0));
  const loopProps = elementProp(e.props, 'ThreadGroup.main_controller') ?? [];
  const forever =
    boolProp(loopProps, 'LoopController.continue_forever') && prop(loopProps, 'LoopController.loops')?.trim() === '-1';
  const loops = forever ? -1 : num(prop(loopProps, 'LoopController.loops'), 'loop count', 1);
  const scheduled = boolProp(e.props, 'ThreadGroup.scheduler');
  const duration = scheduled ? num(prop(e.props, 'ThreadGroup.duration'), 'duration', 0) : 0;
  const delay = scheduled ? num(prop(e.props, 'ThreadGroup.delay'), 'startup delay', 0) : 0;
  const start = delay > 0 ? { startTime: `${delay}s` } : {};
  let head: ScenarioHead;
  if (duration > 0) {
    if (loops > 0)
      notes.add(
        'approximated',
        where,
        `${loops} loops within ${duration}s: the scenario runs for the duration (JMeter stops at whichever comes first)`,
      );
    head =
      ramp > 0 && ramp < duration
        ? {
            executor: 'ramping-vus',
            startVUs: 0,
            stages: [
              { duration: `${ramp}s`, target: vus },
              { duration: `${duration - ramp}s`, target: vus },
            ],
            ...start,
          }
        : { executor: 'constant-vus', vus, duration: `${duration}s`, ...start };
  } else if (loops < 0) {
    notes.add(
      'approximated',
      where,
      'loops forever, until JMeter is stopped: a plan needs an end, so 10m (change the duration)',
    );
    head = { executor: 'constant-vus', vus, duration: '10m', ...start };
  } else {
    if (ramp > 0)
      notes.add(
        'approximated',
        where,
        `ramp-up of ${ramp}s: per-vu-iterations starts every VU at once (use ramping-vus with a duration for a ramp)`,
      );
    head = { executor: 'per-vu-iterations', vus, iterations: Math.max(1, loops), ...start };
  }
  const action = prop(e.props, 'ThreadGroup.on_sample_error') ?? 'continue';
  const onFailure: OnFailure | undefined =
    action === 'startnextloop'
      ? 'endIteration'
      : action === 'stopthread'
        ? 'stopVU'
        : action === 'stoptest' || action === 'stoptestnow'
          ? 'stopVU'
          : undefined;
  if (action === 'stoptest' || action === 'stoptestnow')
    notes.add(
      'approximated',
      where,
      `on a sampler error JMeter stops the whole test (${action}): the VU is stopped (onFailure: stopVU); a threshold with abortOnFail stops the run`,
    );
  return { head, onFailure };
}
