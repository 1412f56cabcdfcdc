// Profile → Webhooks as a member uses it: a new endpoint's signing secret is shown once; a refused
// address is said on its field; the recent deliveries show each outcome, and "Send again" on a
// failed one calls the retry route; rotating asks first and says the old secret signs 24 h more.
import {
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@shared/schemas/webhooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { type FakeReply, serveFetch } from '@/lib/test-fetch';
import { WebhooksCard } from './webhooks-card';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const URL_ = 'https://hooks.example.com/reelforge';

function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'w1',
    url: URL_,
    events: ['video.completed'],
    description: '',
    enabled: true,
    disabledReason: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    previousSecretExpiresAt: null,
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 'msg_1',
    event: 'video.completed',
    status: 'delivered',
    statusCode: 200,
    attempts: 1,
    lastError: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    lastAttemptAt: '2026-03-02T09:00:01.000Z',
    nextAttemptAt: null,
    ...overrides,
  };
}

function renderCard(routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>) {
  const calls = serveFetch(routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhooksCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Webhooks card', () => {
  it('adds an endpoint and shows its signing secret once; a refused address is said on its field', async () => {
    let refuse = true;
    const calls = renderCard({
      'GET /api/webhook-endpoints': { status: 200, body: [] },
      'POST /api/webhook-endpoints': (body) =>
        refuse
          ? { status: 400, body: { message: WEBHOOK_MESSAGES.urlNotAllowed } }
          : { status: 201, body: { ...makeEndpoint(), ...(body as object), secret: SECRET } },
    });
    expect(await screen.findByText('You have no webhook endpoints yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('form', { name: 'Add webhook endpoint' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.url)).toBeTruthy();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();

    const url = within(form).getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'http://10.0.0.7/hook' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'video.completed' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlNotAllowed)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    fireEvent.change(url, { target: { value: URL_ } });
    fireEvent.change(within(form).getByLabelText('Description (optional)'), {
      target: { value: 'n8n' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const panel = await screen.findByTestId('shown-once-secret');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { url: 'http://10.0.0.7/hook', events: ['video.completed'], description: '' },
      { url: URL_, events: ['video.completed'], description: 'n8n' },
    ]);
    expect(within(panel).getByText(/it will not be shown again/)).toBeTruthy();
    expect((within(panel).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    const row = screen.getByRole('listitem', { name: URL_ });
    expect(within(row).getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(row.textContent).not.toContain(SECRET);

    fireEvent.click(within(panel).getByRole('button', { name: 'Done, I have copied it' }));
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('lists recent deliveries with their outcome, and sends a failed one again', async () => {
    let deliveryReads = 0;
    const calls = renderCard({
      'GET /api/webhook-endpoints': {
        status: 200,
        body: [makeEndpoint({ enabled: false, disabledReason: 'failing' })],
      },
      'GET /api/webhook-endpoints/w1/deliveries': () => {
        deliveryReads += 1;
        return {
          status: 200,
          body: [
            makeDelivery({
              id: 'msg_3',
              event: 'webhook.test',
              status: 'pending',
              statusCode: null,
              lastError: 'No answer in time',
              attempts: 1,
            }),
            makeDelivery({
              id: 'msg_2',
              event: 'video.failed',
              status: 'failed',
              statusCode: 500,
              attempts: 8,
            }),
            makeDelivery({}),
          ],
        };
      },
      'POST /api/webhook-endpoints/w1/deliveries/msg_2/retry': { status: 202, body: {} },
    });
    const row = await screen.findByRole('listitem', { name: URL_ });
    expect(within(row).getByText(/every delivery failed for 3 days/)).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(
      (within(row).getByRole('button', { name: 'Send test event' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const toggle = within(row).getByRole('button', { name: 'Recent deliveries' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const [retrying, failed, delivered] = await within(row).findAllByTestId('webhook-delivery');
    if (!retrying || !failed || !delivered) throw new Error('three deliveries expected');
    expect(retrying.textContent).toContain('Retrying');
    expect(retrying.textContent).toContain('No answer in time');
    expect(within(retrying).queryByRole('button', { name: /Send again/ })).toBeNull();
    expect(failed.textContent).toContain('video.failed');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('HTTP 500');
    expect(failed.textContent).toContain('8 attempts');
    expect(delivered.textContent).toContain('Delivered');
    expect(delivered.textContent).toContain('HTTP 200');
    expect(delivered.textContent).toContain('1 attempt');
    expect(within(delivered).queryByRole('button', { name: /Send again/ })).toBeNull();

    fireEvent.click(
      within(failed).getByRole('button', { name: 'Send again the video.failed event' }),
    );
    expect(await screen.findByText('Sending Again')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/webhook-endpoints/w1/deliveries/msg_2/retry',
    ]);
    // Read again, to show the new attempt.
    await waitFor(() => expect(deliveryReads).toBe(2));
  });

  it('asks before rotating the secret, then shows the new one once and says the old one signs 24 hours more', async () => {
    const calls = renderCard({
      'GET /api/webhook-endpoints': { status: 200, body: [makeEndpoint()] },
      'POST /api/webhook-endpoints/w1/rotate-secret': { status: 200, body: { secret: SECRET } },
    });
    const row = await screen.findByRole('listitem', { name: URL_ });
    fireEvent.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate signing secret' });
    expect(dialog.textContent).toContain('24 hours');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const panel = await screen.findByTestId('shown-once-secret');
    expect((within(panel).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(panel.textContent).toContain('The old secret still signs deliveries for 24 hours');
  });
});
