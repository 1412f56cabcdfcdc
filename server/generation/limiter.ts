// Caps how many ffmpeg processes one worker runs at once (one per core by default), across all
// the videos it is rendering. A freed slot goes to the waiting task with the highest priority (the
// render queue's priority: Elite before Pro before Free, background work last), the oldest first.
// One more slot is kept for a render that went ahead of the queue (it outranks everything the
// worker was rendering): it starts at once instead of waiting for the work it outranks.
// Background work (the landing page's demo clips) takes no slot at all: it starts only when the
// worker is idle, and members' work that arrives meanwhile starts as if it were not there (ffmpeg
// pauses the background render until members' renders are done: see media/ffmpeg.ts).
export type Limiter = <T>(
  task: () => Promise<T>,
  priority?: number,
  options?: { ahead?: boolean; whenIdle?: boolean },
) => Promise<T>;

type Slot = 'regular' | 'ahead';
type Waiting = { priority: number; arrival: number; ahead: boolean; start: (slot: Slot) => void };

export function createLimiter(
  concurrency: number,
  options: {
    /**
     * How long the worker must have been idle before background work starts: members often send
     * several videos in a row, and a background render's set-up (painting, music) runs on the event
     * loop members' work shares.
     */
    idleGraceMs?: number;
  } = {},
): Limiter {
  const idleGraceMs = options.idleGraceMs ?? 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let running = 0;
  let aheadRunning = 0;
  let arrivals = 0;
  const waiting: Waiting[] = [];
  /** Background tasks waiting for the worker to be idle. */
  const idleWaiting: Array<() => void> = [];

  const isIdle = () => running === 0 && aheadRunning === 0 && waiting.length === 0;
  const startIdleWork = () => {
    if (idleTimer || !isIdle() || idleWaiting.length === 0) return;
    const start = () => {
      idleTimer = null;
      if (isIdle()) idleWaiting.shift()?.();
    };
    if (idleGraceMs === 0) {
      start();
      return;
    }
    idleTimer = setTimeout(start, idleGraceMs);
    idleTimer.unref();
  };

  /** The best waiting task (highest priority, then oldest) that `eligible` allows. */
  const take = (eligible: (entry: Waiting) => boolean): Waiting | undefined => {
    let best: Waiting | undefined;
    for (const entry of waiting) {
      if (!eligible(entry)) continue;
      if (
        !best ||
        entry.priority > best.priority ||
        (entry.priority === best.priority && entry.arrival < best.arrival)
      ) {
        best = entry;
      }
    }
    if (best) waiting.splice(waiting.indexOf(best), 1);
    return best;
  };

  /** A finished task hands its slot straight to the next task, so no newcomer slips in between. */
  const release = (slot: Slot) => {
    const next = slot === 'regular' ? take(() => true) : take((entry) => entry.ahead);
    if (next) next.start(slot);
    else if (slot === 'regular') running -= 1;
    else aheadRunning -= 1;
    startIdleWork();
  };

  return async (task, priority = 0, options = {}) => {
    if (options.whenIdle) {
      await new Promise<void>((start) => {
        idleWaiting.push(start);
        startIdleWork();
      });
      try {
        return await task();
      } finally {
        startIdleWork();
      }
    }
    // Members' work restarts the idle grace.
    if (idleTimer) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    const ahead = options.ahead === true;
    let slot: Slot;
    if (running < concurrency) {
      running += 1;
      slot = 'regular';
    } else if (ahead && aheadRunning < 1) {
      aheadRunning += 1;
      slot = 'ahead';
    } else {
      arrivals += 1;
      const arrival = arrivals;
      slot = await new Promise<Slot>((start) => {
        waiting.push({ priority, arrival, ahead, start });
      });
    }
    try {
      return await task();
    } finally {
      release(slot);
    }
  };
}
