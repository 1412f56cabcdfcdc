// The ffmpeg slot limiter: never more tasks at once than slots, a freed slot goes to the highest
// priority waiting, the oldest first among equals, and one extra slot serves only renders that went
// ahead of the queue.
import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('createLimiter', () => {
  it('starts waiting tasks by priority, then by arrival, within its slots', async () => {
    const limit = createLimiter(1);
    const started: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const first = gate();
    const task = (name: string, wait?: Promise<void>) => async () => {
      started.push(name);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await wait;
      running -= 1;
    };
    const all = [
      limit(task('busy', first.opened), 1000),
      limit(task('demo clip', undefined), -1),
      limit(task('free 1'), 1000),
      limit(task('free 2'), 999),
      limit(task('elite'), 3000),
      limit(task('pro'), 2000),
      limit(task('free 3'), 1000),
    ];
    first.open();
    await Promise.all(all);
    expect(started).toEqual(['busy', 'elite', 'pro', 'free 1', 'free 3', 'free 2', 'demo clip']);
    expect(mostAtOnce).toBe(1);
  });

  it('runs up to its slot count at once and frees a slot when a task fails', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let mostAtOnce = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        limit(async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          if (index % 2 === 0) throw new Error(`task ${index} failed`);
          return index;
        }),
      ),
    );
    expect(mostAtOnce).toBe(2);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('starts a render gone ahead at once in its own slot, one at a time', async () => {
    const limit = createLimiter(1);
    const started: string[] = [];
    const queued = gate();
    const firstAhead = gate();
    const all = [
      limit(async () => {
        started.push('queued work');
        await queued.opened;
      }, 1999),
      limit(
        async () => {
          started.push('ahead 1');
          await firstAhead.opened;
        },
        2000,
        { ahead: true },
      ),
      limit(async () => void started.push('ahead 2'), 2000, { ahead: true }),
      limit(async () => void started.push('more queued work'), 1998),
    ];
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The regular slot is busy: the first ahead render took the extra slot, the second waits.
    expect(started).toEqual(['queued work', 'ahead 1']);
    firstAhead.open();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The extra slot goes to the next ahead render, never to queued work.
    expect(started).toEqual(['queued work', 'ahead 1', 'ahead 2']);
    queued.open();
    await Promise.all(all);
    expect(started.at(-1)).toBe('more queued work');
  });

  it('gives an ahead render a free regular slot before its own', async () => {
    const limit = createLimiter(2);
    const running: string[] = [];
    const hold = gate();
    const all = [
      limit(async () => {
        running.push('queued');
        await hold.opened;
      }),
      limit(
        async () => {
          running.push('ahead 1');
          await hold.opened;
        },
        0,
        { ahead: true },
      ),
      limit(
        async () => {
          running.push('ahead 2');
          await hold.opened;
        },
        0,
        { ahead: true },
      ),
      limit(async () => void running.push('waits'), 5),
    ];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(running).toEqual(['queued', 'ahead 1', 'ahead 2']);
    hold.open();
    await Promise.all(all);
    expect(running).toHaveLength(4);
  });

  it('starts background work only when idle, and lets members start beside it at once', async () => {
    const limit = createLimiter(1);
    const log: string[] = [];
    const member = gate();
    const background = gate();
    const first = limit(async () => {
      log.push('member 1 starts');
      await member.opened;
      log.push('member 1 ends');
    });
    const demo = limit(
      async () => {
        log.push('demo starts');
        await background.opened;
        log.push('demo ends');
      },
      -1,
      { whenIdle: true },
    );
    await Promise.resolve();
    expect(log).toEqual(['member 1 starts']);
    member.open();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toContain('demo starts');
    // The demo holds no slot: a member's task starts while it is still running.
    await limit(async () => {
      log.push('member 2 runs');
    });
    expect(log.indexOf('member 2 runs')).toBeGreaterThan(log.indexOf('demo starts'));
    expect(log).not.toContain('demo ends');
    background.open();
    await demo;
  });

  it('waits for the worker to have been idle a moment before starting background work', async () => {
    const limit = createLimiter(1, { idleGraceMs: 80 });
    let started = 0;
    const demo = limit(
      async () => {
        started = Date.now();
      },
      -1,
      { whenIdle: true },
    );
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 40));
    // A member's task in the meantime starts the wait again.
    await limit(async () => undefined);
    const memberDone = Date.now();
    await demo;
    expect(started - from).toBeGreaterThanOrEqual(80);
    expect(started - memberDone).toBeGreaterThanOrEqual(70);
  });
});
