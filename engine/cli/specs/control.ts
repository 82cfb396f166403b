/**
 * `loadsmith pause`, `resume`, `scale` and `status`: mid-run control of a `loadsmith run` going on this machine
 * (as `k6 pause|resume|scale|status`), through its loopback API (docs/cli.md, "Mid-run control").
 */
import { defineCommand, type OptionSpec } from '../spec.ts';

const run: OptionSpec = {
  type: 'string',
  value: 'PID',
  help: 'the run to talk to, by its pid (or HOST:PORT), when several are going: loadsmith status lists them',
};
const NOTES = `Changes apply at the next whole second of the test (at least 100 ms ahead), are printed by the run and
recorded in its summary as phases: each scenario's target next to what it achieved. An execution segment
(run --segment) refuses them, as do iteration executors for scale. Exit 0 done, 1 refused or no run found.
More: docs/cli.md (Mid-run control)`;

export const pauseSpec = defineCommand({
  name: 'pause',
  summary: 'pause a running test: no new iterations until resume',
  description:
    "Pauses the `loadsmith run` going on this machine: from the next whole second no new iteration starts; running ones finish (as k6 pause). The scenarios' durations keep running.",
  operands: [],
  options: { run },
  examples: [
    ['loadsmith pause', 'pause the run going on this machine'],
    ['loadsmith pause --run 41234', 'one of several runs, by pid'],
  ],
  notes: NOTES,
});

export const resumeSpec = defineCommand({
  name: 'resume',
  summary: 'resume a paused test',
  description:
    "Resumes a paused `loadsmith run`: iterations start again at the current targets (the plan's, or the last scale's); what came due while paused is not made up.",
  operands: [],
  options: { run },
  examples: [['loadsmith resume', 'resume the run going on this machine']],
  notes: NOTES,
});

export const scaleSpec = defineCommand({
  name: 'scale',
  summary: 'change the VUs or the arrival rate of a running test',
  description:
    "Sets the VUs (constant-vus, ramping-vus) or the arrival rate (constant/ramping-arrival-rate) of the running test from the next whole second to the end of the scenario, in place of its plan (a ramp's remaining stages are not followed). Without --scenario, every running scenario the unit fits gets it.",
  operands: [],
  options: {
    vus: {
      type: 'string',
      value: 'N',
      help: "VUs for closed-model scenarios (0 or more; at most 10 times the plan's, at least 100)",
    },
    rate: { type: 'string', value: 'R', help: 'iterations per second for open-model scenarios (0 or more)' },
    scenario: {
      type: 'string',
      short: 's',
      value: 'NAME',
      help: 'the scenario to scale (default: each running one the unit fits)',
    },
    run,
  },
  examples: [
    ['loadsmith scale --vus 50', 'every VU scenario of the running test to 50 VUs each'],
    ['loadsmith scale --rate 200 --scenario api', 'the open-model scenario api to 200 iterations/s'],
  ],
  notes: NOTES,
});

export const statusSpec = defineCommand({
  name: 'status',
  summary: 'show the running tests and what mid-run control has set',
  description:
    'Lists the `loadsmith run`s going on this machine (for this user); for one (or the one --run names): its plan, time, whether paused, and each scenario with what it can be scaled by and its target.',
  operands: [],
  options: { run },
  examples: [['loadsmith status', 'the running test and its scenarios']],
  notes: NOTES,
});
