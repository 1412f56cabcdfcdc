// Caps how many ffmpeg processes one worker runs at once (one per core by default), across all
// the videos it is rendering. A freed slot goes to the waiting task with the highest priority (the
// render queue's priority: Elite before Pro before Free, background work last), the oldest first.
export type Limiter = <T>(task: () => Promise<T>, priority?: number) => Promise<T>;

export function createLimiter(concurrency: number): Limiter {
  let running = 0;
  let arrivals = 0;
  const waiting: Array<{ priority: number; arrival: number; start: () => void }> = [];
  const next = () => {
    let best = 0;
    for (let index = 1; index < waiting.length; index += 1) {
      const candidate = waiting[index];
      const current = waiting[best];
      if (
        candidate &&
        current &&
        (candidate.priority > current.priority ||
          (candidate.priority === current.priority && candidate.arrival < current.arrival))
      ) {
        best = index;
      }
    }
    waiting.splice(best, 1)[0]?.start();
  };
  return async (task, priority = 0) => {
    if (running >= concurrency) {
      await new Promise<void>((start) => {
        arrivals += 1;
        waiting.push({ priority, arrival: arrivals, start });
      });
    }
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      next();
    }
  };
}
