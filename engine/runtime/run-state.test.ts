import { describe, expect, it } from 'vitest';
import { RunState } from './run-state.ts';

/** A run's state machine over fake ports that record what it asked for, in order. */
function fakeRun(): { state: RunState; calls: string[]; notes: string[] } {
  const calls: string[] = [];
  const notes: string[] = [];
  const state = new RunState({
    workers: { stop: () => calls.push('workers.stop'), abort: () => calls.push('workers.abort') },
    steps: { interrupt: (reason) => calls.push(`steps.interrupt: ${reason}`) },
    control: { end: (reason) => calls.push(`control.end: ${reason}`) },
    note: (text) => notes.push(text),
  });
  return { state, calls, notes };
}

/** Through preparing and starting to running. */
function running(): ReturnType<typeof fakeRun> {
  const run = fakeRun();
  run.state.workersStarted();
  run.state.workersReady();
  return run;
}

describe('a run without interruptions', () => {
  it('goes preparing, starting, running, finished and completes', () => {
    const { state, calls, notes } = fakeRun();
    expect(state.phase).toBe('preparing');
    state.workersStarted();
    expect(state.phase).toBe('starting');
    state.workersReady();
    expect(state.phase).toBe('running');
    state.workersEnded();
    expect([state.phase, state.stoppedBy]).toEqual(['finished', 'completed']);
    expect(calls).toEqual(['control.end: the run has ended']);
    expect(notes).toEqual([]);
  });
});

describe('stop', () => {
  it('while running tells the workers once per stop and ends mid-run control', () => {
    const { state, calls } = running();
    state.stop();
    expect([state.phase, state.stoppedBy]).toEqual(['stopping', 'stopped']);
    state.stop();
    expect(calls).toEqual([
      'control.end: the run is stopping',
      'workers.stop',
      'control.end: the run is stopping',
      'workers.stop',
    ]);
    state.workersEnded();
    expect([state.phase, state.stoppedBy]).toEqual(['finished', 'stopped']);
  });

  it('while preparing interrupts setup, and reaches the workers as soon as they exist', () => {
    const { state, calls } = fakeRun();
    state.stop();
    expect(state.stopRequested).toBe(true);
    expect(calls).toEqual(['control.end: the run is stopping', 'steps.interrupt: stopped by the user']);
    state.workersStarted();
    expect(state.phase).toBe('stopping');
    expect(calls.at(-1)).toBe('workers.stop');
    state.workersReady();
    expect(state.phase).toBe('stopping');
  });

  it('during teardown changes nothing: cleaning up is what a stopped run still needs', () => {
    const { state, calls } = running();
    state.workersEnded();
    state.teardownStarted();
    calls.length = 0;
    state.stop();
    expect(calls).toEqual([]);
    expect(state.stoppedBy).toBe('completed');
  });

  it('after an abort keeps the abort: the workers are told to stop too, the run stays aborting', () => {
    const { state, calls } = running();
    state.abort();
    state.stop();
    expect([state.phase, state.stoppedBy]).toEqual(['aborting', 'aborted']);
    expect(calls.filter((c) => c.startsWith('workers.'))).toEqual(['workers.abort', 'workers.stop']);
  });
});

describe('abort', () => {
  it('while running aborts the workers, also after a stop', () => {
    const { state, calls } = running();
    state.stop();
    state.abort();
    expect([state.phase, state.stoppedBy]).toEqual(['aborting', 'aborted']);
    expect(calls.filter((c) => c.startsWith('workers.'))).toEqual(['workers.stop', 'workers.abort']);
  });

  it('while preparing interrupts setup and aborts the workers once they exist', () => {
    const { state, calls } = fakeRun();
    state.abort();
    expect(calls).toEqual(['control.end: the run is stopping', 'steps.interrupt: aborted by the user']);
    state.workersStarted();
    expect(state.phase).toBe('aborting');
    expect(calls.at(-1)).toBe('workers.abort');
  });

  it('during teardown interrupts it', () => {
    const { state, calls } = running();
    state.workersEnded();
    state.teardownStarted();
    state.abort();
    expect(calls.at(-1)).toBe('steps.interrupt: aborted by the user');
    expect(state.stoppedBy).toBe('aborted');
  });
});

describe('the run ends itself', () => {
  it('a failed abortOnFail threshold aborts once, with a note naming it', () => {
    const { state, calls, notes } = running();
    state.thresholdFailed('http_req_failed: rate<0.01');
    state.thresholdFailed('http_req_failed: rate<0.01');
    expect([state.phase, state.stoppedBy]).toEqual(['aborting', 'threshold']);
    expect(calls).toEqual(['workers.abort']);
    expect(notes).toEqual(['aborted: threshold http_req_failed: rate<0.01 failed (abortOnFail)']);
  });

  it('a threshold after the user stopped does not take over the reason, nor abort', () => {
    const { state, calls } = running();
    state.stop();
    state.thresholdFailed('checks: rate>0.9');
    expect(state.stoppedBy).toBe('stopped');
    expect(calls).not.toContain('workers.abort');
  });

  it('the watchdog aborts a run past its longest duration, keeping its reason', () => {
    const { state, calls, notes } = running();
    state.overdue();
    expect([state.phase, state.stoppedBy]).toEqual(['aborting', 'completed']);
    expect(calls).toEqual(['workers.abort']);
    expect(notes).toEqual(['the run exceeded its maximum duration and was aborted']);
  });

  it('a worker that fails makes it an error, whatever came before; the others go on', () => {
    const { state, notes } = running();
    state.stop();
    state.workerFailed('worker 1 crashed: out of memory');
    expect([state.phase, state.stoppedBy]).toEqual(['stopping', 'error']);
    expect(notes).toEqual(['worker 1 crashed: out of memory']);
  });
});

describe('setup', () => {
  it('that fails ends the run before any worker starts', () => {
    const { state, notes } = fakeRun();
    state.setupEnded('status 500 at setup.steps[0]');
    expect([state.phase, state.stoppedBy]).toEqual(['finished', 'setup']);
    expect(notes).toEqual(['setup failed, so no scenario was started: status 500 at setup.steps[0]']);
  });

  it('interrupted by a stop ends the run as stopped, not failed', () => {
    const { state, notes } = fakeRun();
    state.stop();
    state.setupEnded('stopped by the user');
    expect([state.phase, state.stoppedBy]).toEqual(['finished', 'stopped']);
    expect(notes).toEqual(['stopped during setup: no scenario was started']);
  });
});
