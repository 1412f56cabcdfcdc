import type { VoiceSettings } from '@shared/schemas/voices';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { sampleErrorMessage } from '../hooks/use-voice-sample';
import { seedVoiceQueries, testVoiceSettings } from '../test-voices';
import { NO_VOICE_HINT, VoicePicker } from './voice-picker';

/** The picker in a form's place: it keeps the value and reports every change. */
function renderPicker(initial: VoiceSettings = testVoiceSettings) {
  const queryClient = createQueryClient();
  seedVoiceQueries(queryClient);
  const changes: VoiceSettings[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <VoicePicker
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { changes };
}

async function openVoiceList() {
  fireEvent.keyDown(screen.getByLabelText('Voice'), { key: 'ArrowDown' });
  return screen.findByRole('listbox');
}

/** Which sample each play() asked for; `reply` decides whether playing works. */
let played: string[] = [];
let paused = 0;
function stubAudio(reply: () => Promise<void> = () => Promise.resolve()) {
  played = [];
  paused = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this.getAttribute('src') ?? '');
    return reply();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {
    paused += 1;
  });
}

beforeEach(() => stubAudio());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('VoicePicker', () => {
  it('lists No voice and every voice with its language, grouped by language', async () => {
    renderPicker();
    expect(screen.getByLabelText('Voice').textContent).toContain('Ava — US English');
    const list = await openVoiceList();
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No voice', 'Ava — US English', 'Leo — US English', 'Léa — French']);
    expect(within(list).getByText('French')).toBeTruthy();
  });

  it('chooses a voice, and No voice as null with the sample button disabled', async () => {
    const { changes } = renderPicker();
    fireEvent.click(within(await openVoiceList()).getByRole('option', { name: 'Léa — French' }));
    expect(changes.at(-1)).toEqual({ ...testVoiceSettings, voiceId: 'fr-fr-lea' });
    expect(screen.getByRole('button', { name: 'Play sample of Léa' })).toBeTruthy();

    fireEvent.click(within(await openVoiceList()).getByRole('option', { name: 'No voice' }));
    expect(changes.at(-1)).toEqual({ ...testVoiceSettings, voiceId: null });
    expect(screen.getByLabelText('Voice').textContent).toContain('No voice');
    const play = screen.getByRole('button', { name: /play sample/i }) as HTMLButtonElement;
    expect(play.disabled).toBe(true);
    expect(screen.getByText(NO_VOICE_HINT)).toBeTruthy();
    expect((screen.getByLabelText('Speed') as HTMLInputElement).disabled).toBe(true);
  });

  it('plays the sample through one audio element, and stops it', async () => {
    renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Ava' }));
    expect(played).toEqual(['/api/voices/en-us-ava/sample']);
    const stop = await screen.findByRole('button', { name: 'Stop sample' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Playing the sample of Ava.'),
    );

    fireEvent.click(stop);
    expect(screen.getByRole('button', { name: 'Play sample of Ava' })).toBeTruthy();
    expect(paused).toBeGreaterThan(0);

    // Another voice's sample goes through the same element.
    fireEvent.click(
      within(await openVoiceList()).getByRole('option', { name: 'Leo — US English' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Leo' }));
    expect(played).toEqual(['/api/voices/en-us-ava/sample', '/api/voices/en-us-leo/sample']);
  });

  it('says politely when a sample cannot be played', async () => {
    stubAudio(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Play sample of Ava' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(sampleErrorMessage('Ava')),
    );
    expect(screen.getByRole('button', { name: 'Play sample of Ava' })).toBeTruthy();
  });

  it('changes the speed on the VOICE_SPEED grid and shows it as 1.25×', () => {
    const { changes } = renderPicker();
    const speed = screen.getByLabelText('Speed') as HTMLInputElement;
    expect(speed.min).toBe('0.75');
    expect(speed.max).toBe('1.5');
    expect(speed.step).toBe('0.05');
    expect(screen.getByText('1.0×')).toBeTruthy();
    fireEvent.change(speed, { target: { value: '1.25' } });
    expect(changes.at(-1)).toEqual({ ...testVoiceSettings, voiceSpeed: 1.25 });
    expect(screen.getByText('1.25×')).toBeTruthy();
    expect(speed.getAttribute('aria-valuetext')).toBe('1.25 times normal speed');
  });

  it('changes the caption style', () => {
    const { changes } = renderPicker();
    const group = screen.getByRole('radiogroup', { name: 'Caption style' });
    // Each is named by its visible label alone (the little preview is decoration).
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    for (const name of ['Karaoke highlight', 'Bold pop-in words', 'Minimal lower line']) {
      expect(within(group).getByRole('radio', { name })).toBeTruthy();
    }
    expect(
      within(group).getByRole('radio', { name: 'Karaoke highlight' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(group).getByRole('radio', { name: 'Bold pop-in words' }));
    expect(changes.at(-1)).toEqual({ ...testVoiceSettings, captionStyle: 'pop' });
    expect(screen.getByLabelText('Caption style')).toBe(group);
  });

  it('offers Retry when the voices cannot be loaded', async () => {
    const calls = serveFetch({ 'GET /api/voices': { status: 500, body: { message: 'Boom' } } });
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <VoicePicker value={testVoiceSettings} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Voices could not be loaded.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/voices')).toHaveLength(2));
  });
});
