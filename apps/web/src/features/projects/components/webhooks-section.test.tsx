import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '@portal/contract/webhook';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { WebhooksSection } from './webhooks-section';

// Without texts the keys show (i18next returns the key).
const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  url: 'https://hooks.example.com/portal',
  events: ['licence.added'],
  description: 'Shop',
  enabled: true,
  disabledReason: null,
  secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmU=',
  previousSecretValidUntil: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd1',
  messageId: 'msg_1',
  event: 'webhook.test',
  state: 'delivered',
  attempts: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastAttemptAt: '2026-11-20T10:00:01.000Z',
  statusCode: 200,
  durationMs: 42,
  response: 'thanks',
  nextAttemptAt: null,
  ...over,
});

const base = '*/rest/collection/project/p1/webhook';

describe('the project’s webhooks', () => {
  it('adds an endpoint with the chosen events through the dialog, by keyboard', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    let list: Webhook[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get(base, () => HttpResponse.json(list)),
      http.post(base, async ({ request }) => {
        const body = (await request.json()) as { url: string; events: Webhook['events'] };
        posted.push(body);
        list = [hook({ url: body.url, events: body.events })];
        return HttpResponse.json(list[0], { status: 201 });
      }),
    );
    await renderWithProviders(<WebhooksSection projectId="p1" />);
    expect(await screen.findByText('webhooksNone')).toBeTruthy();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'webhookAdd' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the dialog says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'webhookAdd' }));
    expect(await within(dialog).findByText('webhookUrlInvalid')).toBeTruthy();
    expect(within(dialog).getByText('webhookEventsRequired')).toBeTruthy();
    expect(posted).toHaveLength(0);
    // invoice.issued waits for billing and is not offered.
    expect(within(dialog).queryByText('invoice.issued')).toBeNull();
    await user.type(within(dialog).getByLabelText(/webhookUrl/), 'https://hooks.example.com/new');
    await user.click(within(dialog).getByRole('checkbox', { name: /licence\.key_rotated/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /member\.joined/ }));
    await user.click(within(dialog).getByRole('button', { name: 'webhookAdd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      { url: 'https://hooks.example.com/new', events: ['licence.key_rotated', 'member.joined'], description: '', enabled: true },
    ]);
    expect(await screen.findByText('https://hooks.example.com/new')).toBeTruthy();
    // Each endpoint is a group named by its address: its buttons say which endpoint they act on.
    const card = screen.getByRole('group', { name: 'https://hooks.example.com/new' });
    expect(within(card).getByRole('button', { name: 'webhookEdit' })).toBeVisible();
  });

  it('shows the server’s field message and keeps the dialog open', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    server.use(
      http.get(base, () => HttpResponse.json([])),
      http.post(base, () =>
        HttpResponse.json(
          { error: { code: 'validation', message: 'x', fields: { url: 'Please enter an https:// address' } } },
          { status: 400 },
        ),
      ),
    );
    await renderWithProviders(<WebhooksSection projectId="p1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'webhookAdd' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/webhookUrl/), 'http://hooks.example.com/');
    await user.click(within(dialog).getByRole('checkbox', { name: /licence\.added/ }));
    await user.click(within(dialog).getByRole('button', { name: 'webhookAdd' }));
    expect(await within(dialog).findByText('Please enter an https:// address')).toBeTruthy();
  });

  it('reveals the secret, sends a test event and resends a logged delivery', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    let log: WebhookDelivery[] = [];
    const resent: string[] = [];
    server.use(
      http.get(base, () => HttpResponse.json([hook()])),
      http.post(`${base}/w1/test`, () => {
        log = [delivery()];
        return HttpResponse.json(delivery({ state: 'pending', attempts: 0 }), { status: 202 });
      }),
      http.get(`${base}/w1/delivery`, () => HttpResponse.json({ items: log, page: 1, pageSize: 10, total: log.length })),
      http.post(`${base}/w1/delivery/:did/resend`, ({ params }) => {
        resent.push(String(params.did));
        return HttpResponse.json(delivery({ id: 'd2', state: 'pending' }), { status: 202 });
      }),
    );
    await renderWithProviders(<WebhooksSection projectId="p1" />);
    const card = await screen.findByTestId('webhook');
    expect(within(card).queryByText(hook().secret)).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'webhookSecretShow' }));
    expect(within(card).getByTestId('webhook-secret').textContent).toBe(hook().secret);
    await user.click(within(card).getByRole('button', { name: 'webhookSecretCopy' }));
    expect(await navigator.clipboard.readText()).toBe(hook().secret);

    await user.click(within(card).getByRole('button', { name: 'webhookTest' }));
    const entry = await within(card).findByTestId('webhook-delivery');
    expect(entry.textContent).toContain('webhook.test');
    expect(entry.textContent).toContain('HTTP 200');
    expect(entry.textContent).toContain('thanks');
    await user.click(within(entry).getByRole('button', { name: /webhookResendNamed/ }));
    await waitFor(() => expect(resent).toEqual(['d1']));
  });
});
