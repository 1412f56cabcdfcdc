// The connection state machine (spec/product.md §3 Connection state, §4 Realtime connection): a
// pure transition function plus a small store that adds the 2-second "stable" rule with a timer.
import { TIMINGS } from '@shared/limits';

export type ConnectionState =
  | 'connected'
  | 'connecting'
  | 'reconnecting'
  | 'disconnected'
  | 'unstable';

export type ConnectionEvent =
  /** We asked the socket to connect (first time or a manual retry). */
  | { type: 'connect-requested' }
  /** The transport is up. */
  | { type: 'connected' }
  /** An attempt failed before the transport came up; the socket keeps trying. */
  | { type: 'connect-failed' }
  /** The transport went down without us asking; `willRetry` when an attempt will follow. */
  | { type: 'lost'; willRetry: boolean }
  /** The transport has stayed up for the stable window. */
  | { type: 'held-stable' }
  /** We closed it ourselves (unmount, sign-out), or the client gave up retrying. */
  | { type: 'closed' };

export type ConnectionPhase = {
  state: ConnectionState;
  /** Whether this session has ever had the transport up; it separates connecting from reconnecting. */
  hasConnected: boolean;
};

export const INITIAL_PHASE: ConnectionPhase = { state: 'disconnected', hasConnected: false };

/**
 * 'unstable' is a transport that is up again after a drop but has not yet stayed up for the stable
 * window: the connection is flapping, so work waits. The first connection of a session has lost
 * nothing and reads 'connected' at once (it still becomes stable only after the window).
 */
export function nextPhase(phase: ConnectionPhase, event: ConnectionEvent): ConnectionPhase {
  switch (event.type) {
    case 'connect-requested':
    case 'connect-failed':
      return { ...phase, state: phase.hasConnected ? 'reconnecting' : 'connecting' };
    case 'connected':
      return { state: phase.hasConnected ? 'unstable' : 'connected', hasConnected: true };
    case 'lost':
      return { ...phase, state: event.willRetry ? 'reconnecting' : 'disconnected' };
    case 'held-stable':
      return phase.state === 'unstable' ? { ...phase, state: 'connected' } : phase;
    case 'closed':
      return { ...phase, state: 'disconnected' };
  }
}

export type ConnectionSnapshot = { state: ConnectionState; isStable: boolean };

/**
 * Holds the current phase and answers "stable" once the transport has been up continuously for
 * `stableAfterMs`. Shaped for useSyncExternalStore: the snapshot object changes only on change.
 */
export class ConnectionMonitor {
  private phase: ConnectionPhase = INITIAL_PHASE;
  private snapshot: ConnectionSnapshot = { state: INITIAL_PHASE.state, isStable: false };
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<(snapshot: ConnectionSnapshot) => void>();

  constructor(private readonly stableAfterMs: number = TIMINGS.stableConnectionMs) {}

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  subscribe = (listener: (snapshot: ConnectionSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  dispatch(event: ConnectionEvent): void {
    const wasUp = this.isTransportUp();
    this.phase = nextPhase(this.phase, event);
    const isUp = this.isTransportUp();
    if (event.type === 'held-stable') {
      this.publish(true);
      return;
    }
    if (isUp && !wasUp) this.startStableTimer();
    if (!isUp) this.stopStableTimer();
    // A repeated 'connected' while already up keeps the running window and the stable flag.
    this.publish(isUp && this.snapshot.isStable);
  }

  /** Stops the timer; used when the session ends. */
  dispose(): void {
    this.stopStableTimer();
    this.listeners.clear();
  }

  private isTransportUp(): boolean {
    return this.phase.state === 'connected' || this.phase.state === 'unstable';
  }

  private startStableTimer(): void {
    this.stopStableTimer();
    this.stableTimer = setTimeout(() => {
      this.stableTimer = null;
      this.dispatch({ type: 'held-stable' });
    }, this.stableAfterMs);
  }

  private stopStableTimer(): void {
    if (this.stableTimer !== null) clearTimeout(this.stableTimer);
    this.stableTimer = null;
  }

  private publish(isStable: boolean): void {
    const { state } = this.phase;
    if (state === this.snapshot.state && isStable === this.snapshot.isStable) return;
    this.snapshot = { state, isStable };
    for (const listener of this.listeners) listener(this.snapshot);
  }
}
