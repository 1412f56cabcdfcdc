import { WATERMARK_MESSAGES } from '@shared/schemas/watermark';
import type { Tier } from '@shared/tiers';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clientConfigKeys } from '@/entities/client-config/api/client-config-keys';
import { testClientConfig } from '@/entities/client-config/test-config';
import { makeMember } from '@/entities/session/test-members';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { CustomWatermarkCard } from './custom-watermark-card';

function renderCard(
  level: Tier,
  routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>,
) {
  const calls = serveFetch({
    'GET /api/account/watermark': { status: 200, body: null },
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(clientConfigKeys.config(), testClientConfig);
  render(
    <QueryClientProvider client={queryClient}>
      <AppNavigationContext.Provider value={{ tab: 'profile', navigate: vi.fn() }}>
        <CustomWatermarkCard user={makeMember(level)} />
        <Toaster />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Custom watermark card', () => {
  it('is locked for a Pro member, with the way to Elite', async () => {
    renderCard('Pro', {});
    expect(await screen.findByText(/Upgrade to Elite to use your own watermark/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Elite' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Custom watermark' })).toBeNull();
  });

  it('says why a file or a text is refused, and saves a trimmed text', async () => {
    const calls = renderCard('Elite', {
      'PUT /api/account/watermark': (body) => ({
        status: 200,
        body: { ...(body as object), imageUrl: null, updatedAt: '2026-01-01T00:00:00.000Z' },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Custom watermark' });
    const choose = (name: string, type: string, size: number) =>
      fireEvent.change(within(form).getByLabelText('Watermark image'), {
        target: { files: [new File([new Uint8Array(size)], name, { type })] },
      });
    choose('mark.gif', 'image/gif', 100);
    expect(await within(form).findByText(WATERMARK_MESSAGES.imageWrongType)).toBeTruthy();
    choose('mark.png', 'image/png', 2 * 1024 * 1024 + 1);
    expect(await within(form).findByText(WATERMARK_MESSAGES.imageTooLarge)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save watermark' }));
    expect(await within(form).findByText(WATERMARK_MESSAGES.imageRequired)).toBeTruthy();

    fireEvent.click(within(form).getByRole('radio', { name: 'Text' }));
    const text = within(form).getByLabelText('Watermark text');
    fireEvent.change(text, { target: { value: 'x'.repeat(41) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save watermark' }));
    expect(await within(form).findByText(WATERMARK_MESSAGES.textTooLong)).toBeTruthy();
    fireEvent.change(text, { target: { value: '  Ember & Oak ' } });
    fireEvent.change(within(form).getByLabelText('Opacity'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save watermark' }));
    expect(await screen.findByText('Watermark Saved')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { kind: 'text', text: 'Ember & Oak', corner: 'bottom-right', opacity: 0.5 },
      ]),
    );
    expect(calls.some((call) => call.url === '/api/upload-image')).toBe(false);
    expect(within(form).getByRole('button', { name: 'Remove watermark' })).toBeTruthy();
  });
});
