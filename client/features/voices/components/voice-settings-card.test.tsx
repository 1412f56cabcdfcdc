import { UNKNOWN_VOICE_MESSAGE } from '@shared/schemas/voices';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, useToasts } from '@/components/ui/use-toast';
import { voiceKeys } from '@/entities/voices/api/voice-keys';
import { testVoices } from '@/entities/voices/test-voices';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { VOICE_SETTINGS_DESCRIPTION, VoiceSettingsCard } from './voice-settings-card';

const SAVED = { voiceId: 'en-us-leo', voiceSpeed: 1.1, captionStyle: 'minimal' } as const;

function renderCard(patch: FakeReply | ((body: unknown) => FakeReply)) {
  const calls = serveFetch({
    'GET /api/voices': { status: 200, body: testVoices },
    'GET /api/voice-settings': { status: 200, body: SAVED },
    'PATCH /api/voice-settings': patch,
  });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <VoiceSettingsCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, queryClient };
}

function dismissAllToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  for (const item of result.current) dismissToast(item.id);
  unmount();
}

afterEach(() => {
  dismissAllToasts();
  cleanup();
  vi.unstubAllGlobals();
});

describe('Voice & captions card', () => {
  it("shows the member's saved defaults and saves a change with PATCH /api/voice-settings", async () => {
    const { calls, queryClient } = renderCard((body) => ({
      status: 200,
      body: { ...SAVED, ...(body as object) },
    }));
    expect(screen.getByRole('heading', { name: 'Voice & captions' })).toBeTruthy();
    expect(screen.getByText(VOICE_SETTINGS_DESCRIPTION)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Voice').textContent).toContain('Leo — US English'),
    );
    expect(screen.getByText('1.1×')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const group = screen.getByRole('radiogroup', { name: 'Caption style' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Bold pop-in words' }));
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.3' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Voice Settings Saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      voiceId: 'en-us-leo',
      voiceSpeed: 1.3,
      captionStyle: 'pop',
    });
    // Create reads the new defaults from the cache without asking again.
    expect(queryClient.getQueryData(voiceKeys.settings())).toEqual({
      voiceId: 'en-us-leo',
      voiceSpeed: 1.3,
      captionStyle: 'pop',
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("saves No voice as null and shows the server's message when it refuses a voice", async () => {
    const { calls } = renderCard({ status: 400, body: { message: UNKNOWN_VOICE_MESSAGE } });
    await waitFor(() =>
      expect(screen.getByLabelText('Voice').textContent).toContain('Leo — US English'),
    );
    fireEvent.keyDown(screen.getByLabelText('Voice'), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'No voice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Voice Settings Not Saved')).toBeTruthy();
    expect(screen.getByText(UNKNOWN_VOICE_MESSAGE)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ voiceId: null });
    // The choice stays on screen to try again or undo.
    expect(screen.getByLabelText('Voice').textContent).toContain('No voice');
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getByLabelText('Voice').textContent).toContain('Leo — US English');
  });
});
