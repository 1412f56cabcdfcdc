import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { type FakeCall, type FakeReply, serveFetch } from '@/lib/test-fetch';
import { AccountDataCard } from './account-data-card';
import { DeleteAccountDialog } from './delete-account-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>) {
  const calls = serveFetch(routes);
  const onDeleted = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteAccountDialog open onOpenChange={onOpenChange} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { calls, onDeleted, onOpenChange };
}

const withPassword = {
  'GET /api/account/deletion': {
    status: 200,
    body: { confirmWith: 'password', recentSignIn: false },
  },
};
const deletes = (calls: FakeCall[]) => calls.filter((call) => call.method === 'DELETE');

describe('Delete account', () => {
  it('says what is deleted and kept, and asks for the password before calling the server', async () => {
    const { calls } = renderDialog(withPassword);
    expect(screen.getByRole('alertdialog', { name: 'Delete your account?' })).toBeTruthy();
    expect(screen.getByText(/Your videos, uploads, folders, Creator Engine jobs/)).toBeTruthy();
    expect(screen.getByText(/with your name and email removed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'download your data' }).getAttribute('href')).toBe(
      '/api/account/export',
    );
    const field = await screen.findByLabelText('Password');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter your password to confirm.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(deletes(calls)).toEqual([]);
  });

  it("shows the server's words for a wrong password, and deletes nothing", async () => {
    const { calls, onDeleted } = renderDialog({
      ...withPassword,
      'DELETE /api/account': {
        status: 400,
        body: {
          code: 'WRONG_PASSWORD',
          field: 'password',
          message: 'That password is not right. Your account was not deleted.',
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That password is not right. Your account was not deleted.',
    );
    expect(deletes(calls)).toHaveLength(1);
    expect(deletes(calls)[0]?.body).toEqual({ password: 'guess' });
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('sends the password and goes home signed out once deleted', async () => {
    const { calls, onDeleted } = renderDialog({
      ...withPassword,
      'DELETE /api/account': { status: 200, body: { deleted: true } },
    });
    fireEvent.change(await screen.findByLabelText('Password'), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes(calls)[0]?.body).toEqual({ password: 'correct horse battery' });
  });

  it('lets a member without a password confirm by a recent sign-in', async () => {
    const { calls, onDeleted } = renderDialog({
      'GET /api/account/deletion': {
        status: 200,
        body: { confirmWith: 'recent-sign-in', recentSignIn: true },
      },
      'DELETE /api/account': { status: 200, body: { deleted: true } },
    });
    expect(await screen.findByText(/which confirms it is you/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes(calls)[0]?.body).toEqual({});
  });

  it('tells a member without a password who signed in long ago to sign in again', async () => {
    const { calls } = renderDialog({
      'GET /api/account/deletion': {
        status: 200,
        body: { confirmWith: 'recent-sign-in', recentSignIn: false },
      },
    });
    expect(
      await screen.findByText(/sign out, sign in again and delete your account within 10 minutes/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/api/logout');
    const confirm = screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(deletes(calls)).toEqual([]);
  });

  it('shows any other refusal in words', async () => {
    renderDialog({
      ...withPassword,
      'DELETE /api/account': {
        status: 429,
        body: {
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-in attempts. Please try again in 30 seconds.',
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many failed sign-in attempts. Please try again in 30 seconds.',
    );
  });
});

describe('Your data', () => {
  it('links the download and opens the delete dialog', async () => {
    serveFetch(withPassword);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AccountDataCard />
      </QueryClientProvider>,
    );
    const download = screen.getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/account/export');
    expect(download.hasAttribute('download')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete your account?' })).toBeTruthy();
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });
});
