// The realtime connection as screens see it: its state, whether it is stable, and the action
// queue that holds a submission until the connection is stable (spec/api.md §4). The value comes
// from <RealtimeProvider>; outside it there is no connection to wait for, so actions run at once.

import type { JobDeleted } from '@shared/realtime';
import { createContext, useContext } from 'react';
import type { QueuedActionName } from './action-queue';
import type { ConnectionState } from './connection-state';

export { ACTION_TIMEOUT_MESSAGE, type QueuedActionName } from './action-queue';
export type { ConnectionState } from './connection-state';

export type Realtime = {
  state: ConnectionState;
  /** Connected for at least 2 s. */
  isStable: boolean;
  /**
   * Runs `action` now, except while the connection is unstable or reconnecting: then it holds it
   * until the connection is stable and rejects with Error(ACTION_TIMEOUT_MESSAGE) after 30 s.
   */
  queueAction<T>(name: QueuedActionName, action: () => Promise<T>): Promise<T>;
  /** Calls `listener` on each job_deleted push; returns the unsubscribe. */
  onJobDeleted(listener: (event: JobDeleted) => void): () => void;
};

/** Outside the provider (tests, screens rendered alone): nothing to wait for. */
export const NO_CONNECTION_TO_WAIT_FOR: Realtime = {
  state: 'connected',
  isStable: true,
  queueAction: (_name, action) => action(),
  onJobDeleted: () => () => {},
};

export const RealtimeContext = createContext<Realtime>(NO_CONNECTION_TO_WAIT_FOR);

export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}
