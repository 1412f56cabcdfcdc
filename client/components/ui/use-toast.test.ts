// The toast store: newest first, at most three, and one toast per event however often it is said.
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from './use-toast';

let shown: string[] = [];
afterEach(() => {
  for (const id of shown) dismissToast(id);
  shown = [];
});

describe('toast', () => {
  it('shows a keyed toast once while it is open: the deleting tab and the socket say it once', async () => {
    const first = toast({ key: 'job-deleted:5', title: 'Job Deleted', description: 'One' });
    const second = toast({ key: 'job-deleted:5', title: 'Job Deleted', description: 'Two' });
    const other = toast({ key: 'job-deleted:6', title: 'Job Deleted', description: 'Three' });
    shown.push(first.id, other.id);
    expect(second.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    // Unkeyed toasts are never merged.
    const a = toast({ title: 'Saved' });
    const b = toast({ title: 'Saved' });
    shown.push(a.id, b.id);
    expect(a.id).not.toBe(b.id);
  });
});
