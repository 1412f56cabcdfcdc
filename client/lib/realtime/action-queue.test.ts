import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TIMEOUT_MESSAGE, ActionQueue } from './action-queue';

describe('ActionQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs an action at once when the connection is stable', async () => {
    const queue = new ActionQueue();
    queue.setStable(true);
    const action = vi.fn(async () => 'sent');
    await expect(queue.enqueue('video_submission', action)).resolves.toBe('sent');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('holds an action until the connection is stable, then sends it', async () => {
    const queue = new ActionQueue();
    const action = vi.fn(async () => 'sent');
    const result = queue.enqueue('video_submission', action);
    vi.advanceTimersByTime(10_000);
    expect(action).not.toHaveBeenCalled();
    expect(queue.waiting()).toEqual(['video_submission']);

    queue.setStable(true);
    await expect(result).resolves.toBe('sent');
    expect(action).toHaveBeenCalledTimes(1);
    expect(queue.waiting()).toEqual([]);
  });

  it("rejects with the spec's message after 30 s of waiting, and never sends it", async () => {
    const queue = new ActionQueue();
    const action = vi.fn(async () => 'sent');
    const result = queue.enqueue('video_submission', action);
    const settled = expect(result).rejects.toThrow(ACTION_TIMEOUT_MESSAGE);
    vi.advanceTimersByTime(29_999);
    expect(queue.waiting()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await settled;
    queue.setStable(true);
    expect(action).not.toHaveBeenCalled();
    expect(ACTION_TIMEOUT_MESSAGE).toBe('Action timeout - please try again');
  });

  it('does not time out an action once it has been sent', async () => {
    const queue = new ActionQueue();
    let finish: (value: string) => void = () => {};
    const result = queue.enqueue(
      'video_submission',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    vi.advanceTimersByTime(20_000);
    queue.setStable(true);
    vi.advanceTimersByTime(20_000);
    finish('created');
    await expect(result).resolves.toBe('created');
  });

  it("passes the action's own failure through", async () => {
    const queue = new ActionQueue();
    queue.setStable(true);
    await expect(
      queue.enqueue('video_submission', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });

  it('fails whatever is still waiting when the session ends', async () => {
    const queue = new ActionQueue();
    const result = queue.enqueue('video_submission', async () => 'sent');
    queue.dispose();
    await expect(result).rejects.toThrow(ACTION_TIMEOUT_MESSAGE);
  });
});
