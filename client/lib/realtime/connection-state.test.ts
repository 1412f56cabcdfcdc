import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionMonitor,
  type ConnectionPhase,
  INITIAL_PHASE,
  nextPhase,
} from './connection-state';

describe('nextPhase', () => {
  const run = (...events: Parameters<typeof nextPhase>[1][]): ConnectionPhase =>
    events.reduce(nextPhase, INITIAL_PHASE);

  it('connects, then reconnects after a drop', () => {
    expect(run({ type: 'connect-requested' }).state).toBe('connecting');
    expect(run({ type: 'connect-requested' }, { type: 'connect-failed' }).state).toBe('connecting');
    expect(run({ type: 'connect-requested' }, { type: 'connected' }).state).toBe('connected');
    expect(
      run({ type: 'connected' }, { type: 'lost', willRetry: true }, { type: 'connect-requested' })
        .state,
    ).toBe('reconnecting');
  });

  it('calls a connection that came back after a drop unstable until it holds', () => {
    const back = run(
      { type: 'connected' },
      { type: 'lost', willRetry: true },
      { type: 'connected' },
    );
    expect(back.state).toBe('unstable');
    expect(nextPhase(back, { type: 'held-stable' }).state).toBe('connected');
  });

  it('is disconnected when closed, or lost with no retry', () => {
    expect(run({ type: 'connected' }, { type: 'closed' }).state).toBe('disconnected');
    expect(run({ type: 'connected' }, { type: 'lost', willRetry: false }).state).toBe(
      'disconnected',
    );
  });
});

describe('ConnectionMonitor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('becomes stable after 2 s of continuous connection', () => {
    const monitor = new ConnectionMonitor();
    monitor.dispatch({ type: 'connect-requested' });
    monitor.dispatch({ type: 'connected' });
    expect(monitor.getSnapshot()).toEqual({ state: 'connected', isStable: false });
    vi.advanceTimersByTime(1_999);
    expect(monitor.getSnapshot().isStable).toBe(false);
    vi.advanceTimersByTime(1);
    expect(monitor.getSnapshot()).toEqual({ state: 'connected', isStable: true });
  });

  it('restarts the 2 s window after every drop, and is unstable meanwhile', () => {
    const monitor = new ConnectionMonitor();
    monitor.dispatch({ type: 'connected' });
    vi.advanceTimersByTime(1_500);
    monitor.dispatch({ type: 'lost', willRetry: true });
    expect(monitor.getSnapshot()).toEqual({ state: 'reconnecting', isStable: false });
    monitor.dispatch({ type: 'connected' });
    vi.advanceTimersByTime(1_500);
    expect(monitor.getSnapshot()).toEqual({ state: 'unstable', isStable: false });
    vi.advanceTimersByTime(500);
    expect(monitor.getSnapshot()).toEqual({ state: 'connected', isStable: true });
  });

  it('loses stability at once when the connection drops', () => {
    const monitor = new ConnectionMonitor();
    monitor.dispatch({ type: 'connected' });
    vi.advanceTimersByTime(2_000);
    monitor.dispatch({ type: 'lost', willRetry: true });
    expect(monitor.getSnapshot()).toEqual({ state: 'reconnecting', isStable: false });
    vi.advanceTimersByTime(10_000);
    expect(monitor.getSnapshot().isStable).toBe(false);
  });

  it('tells subscribers about changes only, with a new snapshot each time', () => {
    const monitor = new ConnectionMonitor();
    const seen: string[] = [];
    monitor.subscribe(({ state, isStable }) => seen.push(`${state}${isStable ? '+stable' : ''}`));
    const before = monitor.getSnapshot();
    monitor.dispatch({ type: 'connect-requested' });
    monitor.dispatch({ type: 'connect-requested' });
    monitor.dispatch({ type: 'connected' });
    vi.advanceTimersByTime(2_000);
    expect(seen).toEqual(['connecting', 'connected', 'connected+stable']);
    expect(monitor.getSnapshot()).not.toBe(before);
  });
});
