import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { de, expect, expectNoAxeViolations, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

const texts = shippedTexts('ProjectDetail');
const t = (key: string) => de(texts, key);

// Project webhooks (docs/webhooks.md): the owner adds an endpoint pointing at a receiver run by
// this test, reads its secret from the page, sends the test event, and the receiver gets a
// request signed per Standard Webhooks; the delivery log shows it delivered.

interface Received {
  method: string;
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A receiver on 127.0.0.2 (loopback, allowed by WEBHOOK_ALLOW_PRIVATE in playwright.config.ts):
 * not 127.0.0.1, the portal's own host (PUBLIC_URL), to which deliveries are refused
 * (docs/webhooks.md#safety). Records every request and answers 200.
 */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
      });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.2:${port}/hook`, received };
}

const headerRecord = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

test.describe('project webhooks (signed in)', () => {
  // Password hashing, a delivery round trip and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 90_000 });

  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  test.beforeEach(async () => {
    receiver = await startReceiver();
  });
  test.afterEach(async () => {
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  test('the owner adds an endpoint, sends the test event, the receiver verifies it and the log shows it delivered', async ({
    page,
    customers,
  }) => {
    const { session, project, path } = await customers.withProject({ name: 'Hakenprojekt', description: 'Mit Webhooks' });
    await preset(page, { session });
    await page.goto(path);

    const section = page.getByRole('region', { name: t('webhooksTitle') });
    await expect(section).toContainText(t('webhooksNone'));

    // Add the endpoint: the events are required.
    await section.getByRole('button', { name: t('webhookAdd') }).click();
    const dialog = page.getByRole('dialog', { name: t('webhookAddTitle') });
    await dialog.getByLabel(t('webhookUrl')).fill(receiver.url);
    await dialog.getByRole('button', { name: t('webhookAdd') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t('webhookEventsRequired'));
    await dialog.getByRole('checkbox', { name: /licence\.added/ }).check();
    await dialog.getByRole('checkbox', { name: /member\.joined/ }).check();
    await expectNoAxeViolations(page, 'add webhook dialog', '[role="dialog"]');
    await dialog.getByRole('button', { name: t('webhookAdd') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, t('webhookAdded'))).toBeVisible();

    const card = section.getByTestId('webhook');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(receiver.url);
    await expect(card).toContainText('licence.added, member.joined');
    await expect(card.getByTestId('webhook-secret')).toBeHidden();

    // The secret, as the customer copies it from the page.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: t('webhookSecretShow') }).click();
    await card.getByRole('button', { name: t('webhookSecretCopy') }).click();
    await expect(toast(page, t('webhookSecretCopied'))).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    await expect(card.getByTestId('webhook-secret')).toHaveText(secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expect(card.getByRole('button', { name: t('webhookSecretHide') })).toHaveAttribute('aria-expanded', 'true');

    // Nothing has been sent yet: only the test event goes out, and only once.
    expect(receiver.received).toEqual([]);
    await card.getByRole('button', { name: t('webhookTest') }).click();
    await expect(toast(page, t('webhookTestQueued'))).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);

    const [request] = receiver.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/hook');
    const verified = new Webhook(secret).verify(request!.body, headerRecord(request!.headers)) as {
      type: string;
      data: { projectId: string };
    };
    expect(verified.type).toBe('webhook.test');
    expect(verified.data.projectId).toBe(project.id);
    // A different secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not-the-secret-of-this-endpoint').toString('base64')}`).verify(
        request!.body,
        headerRecord(request!.headers),
      ),
    ).toThrow();

    // The log (opened by "send test event") turns from pending to delivered by itself.
    const delivery = card.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText(t('webhookState_delivered'), { timeout: 20_000 });
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery).toContainText('received');
    await expectNoAxeViolations(page, 'project webhooks with the delivery log (light)', 'section[aria-labelledby="project-webhooks"]');

    // Dark and 360 px wide: the same section, the log opened again after the reload.
    await page.evaluate(() => window.localStorage.setItem('user-theme', 'dark'));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await card.getByRole('button', { name: t('webhookLogShow') }).click();
    await expect(delivery).toContainText(t('webhookState_delivered'));
    await card.getByRole('button', { name: t('webhookSecretShow') }).click();
    await expect(card.getByTestId('webhook-secret')).toHaveText(secret);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling at 360 px').toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'project webhooks (dark, 360 px)', 'section[aria-labelledby="project-webhooks"]');
    expect(receiver.received).toHaveLength(1);
  });
});
