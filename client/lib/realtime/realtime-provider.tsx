// Mounts one realtime session for the signed-in member and hands its state and action queue to
// useRealtime(). The session ends (socket closed, timers stopped) on unmount or a change of user.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ConnectionSnapshot } from './connection-state';
import { RealtimeSession } from './realtime-session';
import { type Realtime, RealtimeContext } from './use-realtime';

// The one render before the session starts: it is about to connect.
const STARTING: ConnectionSnapshot = { state: 'connecting', isStable: false };
const noSubscription = () => () => {};

export function RealtimeProvider({
  userId,
  children,
}: {
  userId: string;
  children: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<RealtimeSession | null>(null);

  useEffect(() => {
    const next = new RealtimeSession({ userId, queryClient });
    next.start();
    setSession(next);
    return () => {
      next.dispose();
      setSession(null);
    };
  }, [userId, queryClient]);

  const { state, isStable } = useSyncExternalStore(
    session?.monitor.subscribe ?? noSubscription,
    session?.monitor.getSnapshot ?? (() => STARTING),
  );

  // The spec holds a submission only while the connection is unstable or reconnecting: a member
  // whose network blocks WebSockets (or who submits before the first connect) is not made to wait.
  const queueAction = useCallback<Realtime['queueAction']>(
    (name, action) => {
      const current = session?.monitor.getSnapshot().state;
      return session && (current === 'unstable' || current === 'reconnecting')
        ? session.queue.enqueue(name, action)
        : action();
    },
    [session],
  );

  const onJobDeleted = useCallback<Realtime['onJobDeleted']>(
    (listener) => session?.onJobDeleted(listener) ?? (() => {}),
    [session],
  );

  const realtime = useMemo<Realtime>(
    () => ({ state, isStable, queueAction, onJobDeleted }),
    [state, isStable, queueAction, onJobDeleted],
  );

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}
