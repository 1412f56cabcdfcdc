// Holds actions until the realtime connection is stable, then runs them in order; an action that
// waits longer than 30 s fails with the spec's timeout message (spec/api.md §4, §9.5).
import { TIMINGS } from '@shared/limits';

export type QueuedActionName = 'video_submission';

/** Rejection message of a queued action that waited longer than 30 s. */
export const ACTION_TIMEOUT_MESSAGE = 'Action timeout - please try again';

/** Calls `action` now, turning a synchronous throw into a rejection. */
function start<T>(action: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(action()));
}

type PendingAction = {
  name: QueuedActionName;
  run: () => void;
  fail: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

export class ActionQueue {
  private stable = false;
  private pending: PendingAction[] = [];

  constructor(private readonly timeoutMs: number = TIMINGS.queuedActionTimeoutMs) {}

  /** Runs `action` now when stable; otherwise when the connection next becomes stable. */
  enqueue<T>(name: QueuedActionName, action: () => Promise<T>): Promise<T> {
    if (this.stable) return start(action);
    return new Promise<T>((resolve, reject) => {
      const entry: PendingAction = {
        name,
        // The timeout covers the wait only: once sent, the action's own promise decides.
        run: () => {
          clearTimeout(entry.timer);
          start(action).then(resolve, reject);
        },
        fail: (error) => {
          clearTimeout(entry.timer);
          reject(error);
        },
        timer: setTimeout(() => {
          this.pending = this.pending.filter((item) => item !== entry);
          reject(new Error(ACTION_TIMEOUT_MESSAGE));
        }, this.timeoutMs),
      };
      this.pending.push(entry);
    });
  }

  setStable(stable: boolean): void {
    this.stable = stable;
    if (!stable) return;
    const ready = this.pending;
    this.pending = [];
    for (const entry of ready) entry.run();
  }

  /** Names of the actions still waiting, oldest first. */
  waiting(): QueuedActionName[] {
    return this.pending.map((entry) => entry.name);
  }

  /** Ends the session: nothing waiting will ever be sent, so it fails the way a timeout does. */
  dispose(): void {
    const abandoned = this.pending;
    this.pending = [];
    for (const entry of abandoned) entry.fail(new Error(ACTION_TIMEOUT_MESSAGE));
  }
}
