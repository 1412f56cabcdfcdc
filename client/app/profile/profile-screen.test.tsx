import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfigKeys } from '@/entities/client-config/api/client-config-keys';
import { testClientConfig } from '@/entities/client-config/test-config';
import { makeMember } from '@/entities/session/test-members';
import { testVoiceSettings, testVoices } from '@/entities/voices/test-voices';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { ThemeProvider } from '@/lib/theme';
import { ProfileScreen } from './profile-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Profile', () => {
  it('has a Voice & captions card between Account Settings and Earn that saves the defaults', async () => {
    const calls = serveFetch({
      'GET /api/voices': { status: 200, body: testVoices },
      'GET /api/voice-settings': { status: 200, body: testVoiceSettings },
      'PATCH /api/voice-settings': (body) => ({
        status: 200,
        body: { ...testVoiceSettings, ...(body as object) },
      }),
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(clientConfigKeys.config(), testClientConfig);
    render(
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AppNavigationContext.Provider value={{ tab: 'profile', navigate: vi.fn() }}>
            <ProfileScreen user={makeMember('Pro')} />
          </AppNavigationContext.Provider>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    const titles = screen.getAllByRole('heading').map((heading) => heading.textContent);
    const at = (title: string) => titles.indexOf(title);
    expect(at('Voice & captions')).toBeGreaterThan(at('Account Settings'));
    expect(at('Voice & captions')).toBeLessThan(at('Earn Video Credits'));
    // Automation comes after the account's own cards, before Earn.
    expect(at('API keys')).toBeGreaterThan(at('Your data'));
    expect(at('Webhooks')).toBeGreaterThan(at('API keys'));
    expect(at('Webhooks')).toBeLessThan(at('Earn Video Credits'));
    const card = screen
      .getByRole('heading', { name: 'Voice & captions' })
      .closest('[data-slot="card"]') as HTMLElement;
    expect(
      within(card).getByText('Used for new videos unless you choose otherwise on Create.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(card).getByLabelText('Voice').textContent).toContain('Ava — US English'),
    );
    fireEvent.click(within(card).getByRole('radio', { name: 'Minimal lower line' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        ...testVoiceSettings,
        captionStyle: 'minimal',
      }),
    );
  });

  it('tells an admin address that is not verified yet to verify it, and shows no Admin Tools', () => {
    serveFetch({
      'GET /api/voices': { status: 200, body: testVoices },
      'GET /api/voice-settings': { status: 200, body: testVoiceSettings },
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(clientConfigKeys.config(), testClientConfig);
    const squatter = {
      ...makeMember('Free'),
      email: 'admin@reelforge.example',
      emailVerified: false,
      isAdmin: false,
      adminAwaitingVerification: true,
    };
    render(
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AppNavigationContext.Provider value={{ tab: 'profile', navigate: vi.fn() }}>
            <ProfileScreen user={squatter} />
          </AppNavigationContext.Provider>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('admin-needs-verification').textContent).toContain(
      'Verify your address to use Admin Tools.',
    );
    expect(screen.queryByTestId('admin-tools')).toBeNull();
  });
});
