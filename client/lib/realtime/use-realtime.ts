// The realtime connection as screens see it: its state, whether it is stable, and the action
// queue that holds a submission until the connection is stable (spec/api.md §4).
// INTERIM: a provider-less stand-in that reports a stable connection and runs actions at once.
// The realtime work replaces the implementation; the exported names and types stay.
export type ConnectionState =
  | 'connected'
  | 'connecting'
  | 'reconnecting'
  | 'disconnected'
  | 'unstable';

export type QueuedActionName = 'video_submission';

/** Rejection message of a queued action that waited longer than 30 s. */
export const ACTION_TIMEOUT_MESSAGE = 'Action timeout - please try again';

export type Realtime = {
  state: ConnectionState;
  /** Connected for at least 2 s. */
  isStable: boolean;
  /**
   * Runs `action` now when the connection is stable; otherwise holds it until the connection is
   * stable and rejects with Error(ACTION_TIMEOUT_MESSAGE) after 30 s.
   */
  queueAction<T>(name: QueuedActionName, action: () => Promise<T>): Promise<T>;
};

export function useRealtime(): Realtime {
  return {
    state: 'connected',
    isStable: true,
    queueAction: (_name, action) => action(),
  };
}
