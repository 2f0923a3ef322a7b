import { expect, test, type Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  adminAccount,
  apiLogin,
  createUser,
  expectNoAxeViolations,
  parseAmount,
  parseCalls,
  signIn,
} from './signed-in-helpers';
import { shippedTexts } from './translations';

const admin = shippedTexts('Admin');
const de = (key: string) => admin[key]!.de;

const pad = (n: number) => String(n).padStart(2, '0');
const formatDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The month before the current one: its usage and fees no longer change while tests run. */
function lastMonth(): { value: string; from: string; to: string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const value = `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
  return { value, from: `${value}-01`, to: `${value}-${pad(last.getDate())}` };
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allTextContents()).map((text) => text.trim());
}

const money = /^\d{1,3}(,\d{3})*\.\d{2} €$/;

test.describe('admin report', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('a month from the picker: table, totals the test adds up itself, CSV of the same period', async ({
    page,
    request,
  }) => {
    await signIn(page, await apiLogin(request, adminAccount.email, adminAccount.password));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: de('title') })).toBeVisible();
    await expect(page.getByText(/^Zeitraum: 01\.\d{2}\.\d{4} bis \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: de('guidelinesTitle') })).toBeVisible();
    await expectNoAxeViolations(page, '/admin');

    const month = lastMonth();
    await page.getByLabel(de('periodPicker'), { exact: true }).selectOption(month.value);
    await expect(page).toHaveURL(new RegExp(`/admin\\?from=${month.from}&to=${month.to}$`));
    await expect(
      page.getByText(`Zeitraum: ${formatDay(month.from)} bis ${formatDay(month.to)}`, { exact: true }),
    ).toBeVisible();

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      de('colProject'),
      de('colOwner'),
      de('colCalls'),
      de('colPriceApi'),
      de('colMonthly'),
      de('colSinglePayment'),
      de('colTotal'),
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const sums = [0, 0, 0, 0, 0];
    for (const row of await rows.all()) {
      const [, , calls, api, monthly, single, total] = await cellTexts(row);
      for (const amount of [api, monthly, single, total]) expect(amount).toMatch(money);
      const values = [
        parseCalls(calls!),
        parseAmount(api!),
        parseAmount(monthly!),
        parseAmount(single!),
        parseAmount(total!),
      ];
      // Each row's total is its three amounts.
      expect(values[4]).toBeCloseTo(values[1]! + values[2]! + values[3]!, 2);
      values.forEach((value, index) => (sums[index]! += value));
    }
    const totals = await cellTexts(table.locator('tfoot tr'));
    expect(totals[0]).toBe(de('totals'));
    expect(parseCalls(totals[1]!)).toBe(sums[0]);
    for (let index = 1; index < 5; index += 1) {
      expect(totals[index + 1]).toMatch(money);
      expect(parseAmount(totals[index + 1]!)).toBeCloseTo(sums[index]!, 2);
    }

    // CSV of the same period.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: de('downloadCsv') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-${month.from}-${month.to}.csv`);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toMatch(/^project,owner,calls,price_api,monthly,single_payment,price_gesamt/);
    const csvTotal = csv.at(-1)!.split(',');
    expect(csvTotal[0]).toBe('total');
    expect(Number(csvTotal[2])).toBe(sums[0]);
    expect(Number(csvTotal[6])).toBeCloseTo(sums[4]!, 2);
    expect(csv.length - 2).toBe(await rows.count());
  });

  test('a custom range is checked before it applies', async ({ page, request }) => {
    await signIn(page, await apiLogin(request, adminAccount.email, adminAccount.password));
    await page.goto('/admin');
    await page.getByLabel(de('periodPicker'), { exact: true }).selectOption('custom');
    await page.getByLabel(de('from'), { exact: true }).fill('2026-03-10');
    await page.getByLabel(de('to'), { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: de('apply') }).click();
    await expect(page.getByRole('alert')).toHaveText(de('rangeOrder'));
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByLabel(de('to'), { exact: true }).fill('2026-04-15');
    await page.getByRole('button', { name: de('apply') }).click();
    await expect(page).toHaveURL(/\/admin\?from=2026-03-10&to=2026-04-15$/);
    await expect(page.getByText('Zeitraum: 10.03.2026 bis 15.04.2026', { exact: true })).toBeVisible();
    await expect(page.getByLabel(de('periodPicker'), { exact: true })).toHaveValue('custom');
    await expectNoAxeViolations(page, '/admin (custom range)');
  });

  test('a customer sees a clear "not allowed" state', async ({ page, request }) => {
    const user = await createUser();
    await signIn(page, await apiLogin(request, user.email, user.password));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: de('notAllowedTitle') })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page, '/admin (not allowed)');
  });
});
