// Profile → API keys as a member uses it: a new key is shown once, with Copy, then only its first
// characters; Revoke asks first and only then calls DELETE; at ten keys Create is off and says why.
import { API_KEY_LIMITS, API_KEY_MESSAGES, type ApiKey } from '@shared/schemas/api-keys';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { ApiKeysCard } from './api-keys-card';

const KEY = 'rf_1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f';

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'n8n workflow',
    prefix: 'rf_1a2b3c4d',
    scopes: ['videos:read'],
    monthlyCreditCap: null,
    creditsSpentThisMonth: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

function renderCard(routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>) {
  const calls = serveFetch(routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiKeysCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('API keys card', () => {
  it('checks the form, then shows a new key once and copies it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const calls = renderCard({
      'GET /api/api-keys': { status: 200, body: [] },
      'POST /api/api-keys': (body) => ({
        status: 201,
        body: { ...makeKey(), ...(body as object), key: KEY },
      }),
    });
    expect(await screen.findByText('You have no API keys yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '/api/docs' }).getAttribute('href')).toBe('/api/docs');

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('form', { name: 'Create API key' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(form).getByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' n8n workflow ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'videos:read' }));
    fireEvent.change(within(form).getByLabelText('Monthly credit cap'), {
      target: { value: '2.5' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(API_KEY_MESSAGES.cap)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Monthly credit cap'), {
      target: { value: '50' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByTestId('shown-once-secret');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'n8n workflow', scopes: ['videos:read'], monthlyCreditCap: 50 },
    ]);
    expect(screen.queryByRole('form', { name: 'Create API key' })).toBeNull();
    expect(within(panel).getByText(/it will not be shown again/)).toBeTruthy();
    expect((within(panel).getByLabelText('API key') as HTMLInputElement).value).toBe(KEY);
    expect(document.activeElement).toBe(panel);

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    expect(await within(panel).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('API key copied to the clipboard');

    // The list shows only its first characters; once Done, the whole key is nowhere on the page.
    const row = screen.getByRole('listitem', { name: 'n8n workflow' });
    expect(row.textContent).toContain('rf_1a2b3c4d…');
    expect(row.textContent).not.toContain(KEY);
    expect(within(row).getByText(/Never used/)).toBeTruthy();
    expect(within(row).getByTestId('api-key-spend').textContent).toBe(
      '0 of 50 credits spent this month',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByTestId('shown-once-secret')).toBeNull();
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('asks before revoking, and revokes with DELETE only once confirmed', async () => {
    const calls = renderCard({
      'GET /api/api-keys': {
        status: 200,
        body: [
          makeKey({
            creditsSpentThisMonth: 3,
            lastUsedAt: '2026-03-02T09:30:00.000Z',
            scopes: ['videos:read', 'videos:write'],
          }),
        ],
      },
      'DELETE /api/api-keys/k1': { status: 204, body: null },
    });
    const row = await screen.findByTestId('api-key');
    expect(within(row).getByTestId('api-key-spend').textContent).toBe('3 credits spent this month');
    expect(within(row).getByText(/Last used/)).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke n8n workflow' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke API key' });
    expect(dialog.textContent).toContain('Revoke “n8n workflow” (rf_1a2b3c4d…)?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke n8n workflow' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API Key Revoked')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/api-keys/k1',
    ]);
    expect(screen.queryByTestId('api-key')).toBeNull();
  });

  it(`turns Create off at ${API_KEY_LIMITS.perMember} keys and says why`, async () => {
    renderCard({
      'GET /api/api-keys': {
        status: 200,
        body: Array.from({ length: API_KEY_LIMITS.perMember }, (_, index) =>
          makeKey({ id: `k${index}`, name: `Key ${index}` }),
        ),
      },
    });
    expect(await screen.findAllByTestId('api-key')).toHaveLength(API_KEY_LIMITS.perMember);
    const create = screen.getByRole('button', { name: 'Create API key' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByText(API_KEY_MESSAGES.tooMany)).toBeTruthy();
    expect(create.getAttribute('aria-describedby')).toBe(
      screen.getByText(API_KEY_MESSAGES.tooMany).id,
    );
  });
});
