import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { insertLicence } from '../../server/src/modules/licence/licence.repository.ts';
import { insertProject } from '../../server/src/modules/project/project.repository.ts';
import { upsertUsage } from '../../server/src/modules/usage-record/usage.repository.ts';
import {
  apiLogin,
  createUser,
  expect,
  expectNoAxeViolations,
  parseAmount,
  parseCalls,
  preset,
  randomId,
  test,
  withDatabase,
} from './fixtures';
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

// ---- Known billing data, and the report's numbers worked out here (docs/domain.md#cost-model),
// independently of the server's code.

interface Prices {
  pricePer1000Calls: number;
  monthlyFee: number;
  singlePayment: number;
}

interface KnownLicence {
  serviceId: string;
  createdAt: string;
  /** day (YYYY-MM-DD) → count */
  usage: Record<string, number>;
}

const days = (from: string, counts: number[]) =>
  Object.fromEntries(
    counts.map((count, index) => {
      const day = new Date(`${from}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + index);
      return [day.toISOString().slice(0, 10), count];
    }),
  );

/** 'YYYY-MM' of every calendar month that [from, to] touches. */
function monthsTouching(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7);) {
    months.push(month);
    const [year, number] = month.split('-').map(Number) as [number, number];
    month = number === 12 ? `${year + 1}-01` : `${year}-${pad(number + 1)}`;
  }
  return months;
}

/** Cents of one project for the period: round per licence, fees by month and creation day. */
function expectedCosts(licences: KnownLicence[], prices: Record<string, Prices>, from: string, to: string) {
  const sum = { calls: 0, priceApi: 0, monthly: 0, singlePayment: 0, unroundedApi: 0 };
  for (const licence of licences) {
    const price = prices[licence.serviceId]!;
    const created = licence.createdAt.slice(0, 10);
    const calls = Object.entries(licence.usage)
      .filter(([day]) => day >= from && day <= to)
      .reduce((total, [, count]) => total + count, 0);
    sum.calls += calls;
    sum.unroundedApi += (calls * price.pricePer1000Calls) / 1000;
    sum.priceApi += Math.round((calls * price.pricePer1000Calls) / 1000);
    // Never deleted: it existed in each month that ends on or after its creation day.
    const existed = monthsTouching(from, to).filter((month) => created <= `${month}-31`);
    sum.monthly += price.monthlyFee * existed.length;
    if (created >= from && created <= to) sum.singlePayment += price.singlePayment;
  }
  return { ...sum, total: sum.priceApi + sum.monthly + sum.singlePayment };
}

/** Amounts with comma thousands and two decimals: '1,234.56 €' from cents. */
const euros = (cents: number) =>
  `${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pad(cents % 100)} €`;
/** Calls with dot thousands, '1.234.567'. */
const calls = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** The CSV's plain amounts: '1234.56'. */
const plain = (cents: number) => (cents / 100).toFixed(2);

test.describe('admin report', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('a month from the picker: table, totals the test adds up itself, CSV of the same period', async ({
    page,
    request,
  }) => {
    await preset(page, { session: await apiLogin(request, 'admin') });
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
    // The label stays pinned in the project column; the owner column's cell is empty.
    const totals = (await cellTexts(table.locator('tfoot tr'))).filter(Boolean);
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
    // The table's column titles in the person's language, not the API's field names.
    expect(csv[0]!.trimEnd()).toBe(
      [
        'colProject',
        'colOwner',
        'colCalls',
        'colPriceApi',
        'colMonthly',
        'colSinglePayment',
        'colTotal',
        'deleted',
      ]
        .map(de)
        .join(','),
    );
    const csvTotal = csv.at(-1)!.split(',');
    expect(csvTotal[0]).toBe(de('totals'));
    expect(Number(csvTotal[2])).toBe(sums[0]);
    expect(Number(csvTotal[6])).toBeCloseTo(sums[4]!, 2);
    expect(csv.length - 2).toBe(await rows.count());
  });

  test('January 2026 as a custom range: a project with known usage has the row and CSV line of the cost model', async ({
    page,
    request,
  }) => {
    const owner = await createUser({ firstname: 'Bea', lastname: 'Buchhaltung' });
    const projectId = randomId('e2eBill');
    const projectName = `Abrechnung Januar ${projectId.slice(-6)}`;
    // A project from before the period with three licences:
    // - captchaPro (per 1,000 calls) from before January: usage, no single payment;
    // - botSchutzInvisible (per 1,000 page views plus a monthly fee) created in January;
    // - firmendatenApi (monthly fee plus single payment) created in January.
    // Both priced usages end in x.4 cents: rounded per licence the sum is 1 cent lower than the
    // rounded sum, so a report that rounds once per project is caught. Usage on 31 December and
    // 1 February lies outside the period.
    const licences: KnownLicence[] = [
      {
        serviceId: 'captchaPro',
        createdAt: '2025-12-15T10:00:00.000Z',
        usage: {
          '2025-12-31': 55_555,
          ...days(
            '2026-01-05',
            [
              61873, 58412, 63390, 60007, 59921, 62544, 64018, 57765, 60312, 61999, 58870, 62405, 63127,
              59648, 60733, 61021,
            ],
          ),
          '2026-02-01': 4_321,
        },
      },
      {
        serviceId: 'botSchutzInvisible',
        createdAt: '2026-01-09T08:30:00.000Z',
        usage: days('2026-01-10', [8124, 9377, 8810, 9012, 8695, 9543, 8871, 9206, 8930, 9118, 9004]),
      },
      {
        serviceId: 'firmendatenApi',
        createdAt: '2026-01-12T12:00:00.000Z',
        usage: days('2026-01-12', [7, 7, 7, 7, 7, 7, 7, 7, 7]),
      },
    ];
    // The prices as the catalogue shows them (euros), in cents like the cost model.
    const prices: Record<string, Prices> = {};
    for (const { serviceId } of licences) {
      const answer = await request.get(`/rest/collection/service/${serviceId}`);
      expect(answer.status()).toBe(200);
      const service = (await answer.json()) as Prices;
      prices[serviceId] = {
        pricePer1000Calls: Math.round(service.pricePer1000Calls * 100),
        monthlyFee: Math.round(service.monthlyFee * 100),
        singlePayment: Math.round(service.singlePayment * 100),
      };
    }
    // Creation days in the past cannot be made through the API: the server's own repository
    // functions write the project, its licences and their usage.
    await withDatabase(async (db) => {
      await insertProject(db, {
        id: projectId,
        ownerId: owner.oid,
        name: projectName,
        description: 'Bekannte Nutzung für den Bericht',
        domainsProduction: [],
        domainsSandbox: [],
        now: '2025-12-01T09:00:00.000Z',
      });
      for (const licence of licences) {
        const licenceId = randomId('e2eLic');
        await insertLicence(db, {
          id: licenceId,
          projectId,
          serviceId: licence.serviceId,
          licenceKey: randomId('key'),
          now: licence.createdAt,
        });
        await upsertUsage(
          db,
          Object.entries(licence.usage).map(([day, count]) => ({ licenceId, day, count })),
        );
      }
    });
    expect(Object.keys(prices).sort()).toEqual(licences.map((licence) => licence.serviceId).sort());

    const january = expectedCosts(licences, prices, '2026-01-01', '2026-01-31');
    // The data still tells per-licence rounding from rounding once (if the seed prices change).
    expect(january.priceApi, 'per-licence rounding differs from rounding the sum').not.toBe(
      Math.round(january.unroundedApi),
    );
    expect(january.singlePayment, 'a single payment inside the period').toBeGreaterThan(0);
    const expectedRow = [
      projectName,
      'Bea Buchhaltung',
      calls(january.calls),
      euros(january.priceApi),
      euros(january.monthly),
      euros(january.singlePayment),
      euros(january.total),
    ];

    // The custom range, chosen in the picker as a user would.
    const admin = await apiLogin(request, 'admin');
    await preset(page, { session: admin });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: de('title') })).toBeVisible();
    await page.getByLabel(de('periodPicker'), { exact: true }).selectOption('custom');
    await page.getByLabel(de('from'), { exact: true }).fill('01.01.2026');
    await page.getByLabel(de('to'), { exact: true }).fill('31.01.2026');
    await page.getByRole('button', { name: de('apply') }).click();
    await expect(page).toHaveURL(/\/admin\?from=2026-01-01&to=2026-01-31$/);
    await expect(page.getByText('Zeitraum: 01.01.2026 bis 31.01.2026', { exact: true })).toBeVisible();

    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: projectName, exact: true }) });
    await expect(row).toHaveCount(1);
    expect(await cellTexts(row)).toEqual(expectedRow);

    // The CSV of the same period has the same line (plain numbers, no thousands separators).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: de('downloadCsv') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report-2026-01-01-2026-01-31.csv');
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv.filter((line) => line.startsWith(`${projectName},`))).toEqual([
      [
        projectName,
        'Bea Buchhaltung',
        january.calls,
        plain(january.priceApi),
        plain(january.monthly),
        plain(january.singlePayment),
        plain(january.total),
        'no',
      ].join(','),
    ]);

    // February through the API: the licences are from before it now (no single payment), the
    // fees are charged again, and only the usage of 1 February counts.
    const february = expectedCosts(licences, prices, '2026-02-01', '2026-02-28');
    expect(february.singlePayment).toBe(0);
    const answer = await request.get('/rest/collection/admin/projects?from=2026-02-01&to=2026-02-28', {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(answer.status()).toBe(200);
    const report = (await answer.json()) as {
      projects: {
        id: string;
        calls: number;
        price_api: number;
        monthly: number;
        single_payment: number;
        price_gesamt: number;
      }[];
    };
    const feb = report.projects.find((project) => project.id === projectId);
    expect(feb).toEqual(
      expect.objectContaining({
        calls: february.calls,
        price_api: february.priceApi / 100,
        monthly: february.monthly / 100,
        single_payment: 0,
        price_gesamt: february.total / 100,
      }),
    );
  });

  test('a custom range is typed as DD.MM.YYYY and checked before it applies', async ({ page, request }) => {
    await preset(page, { session: await apiLogin(request, 'admin') });
    await page.goto('/admin');
    await page.getByLabel(de('periodPicker'), { exact: true }).selectOption('custom');
    const from = page.getByLabel(de('from'), { exact: true });
    const to = page.getByLabel(de('to'), { exact: true });
    // The period on view, in the app's date format (not the browser's locale).
    await expect(from).toHaveValue(/^01\.\d{2}\.\d{4}$/);
    await from.fill('10.03.2026');
    await to.fill('2026-03-01');
    await page.getByRole('button', { name: de('apply') }).click();
    await expect(to).toHaveAccessibleDescription(`${de('dateFormat')} ${de('dateInvalid')}`);
    await to.fill('01.03.2026');
    await page.getByRole('button', { name: de('apply') }).click();
    // The end before the start: said at the end field, and only there.
    await expect(page.getByRole('alert')).toHaveText(de('rangeOrder'));
    await expect(to).toHaveAccessibleDescription(`${de('dateFormat')} ${de('rangeOrder')}`);
    await expect(from).not.toHaveAttribute('aria-invalid', 'true');
    const [toBox, alertBox] = [await to.boundingBox(), await page.getByRole('alert').boundingBox()];
    expect(Math.abs(alertBox!.x - toBox!.x), 'the message starts under the end field').toBeLessThan(2);
    await expect(page).toHaveURL(/\/admin$/);
    await to.fill('15.04.2026');
    await page.getByRole('button', { name: de('apply') }).click();
    await expect(page).toHaveURL(/\/admin\?from=2026-03-10&to=2026-04-15$/);
    await expect(page.getByText('Zeitraum: 10.03.2026 bis 15.04.2026', { exact: true })).toBeVisible();
    await expect(page.getByLabel(de('periodPicker'), { exact: true })).toHaveValue('custom');
    await expectNoAxeViolations(page, '/admin (custom range)');
  });

  test('a customer sees a clear "not allowed" state', async ({ page, request }) => {
    const user = await createUser();
    await preset(page, { session: await apiLogin(request, user) });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: de('notAllowedTitle') })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page, '/admin (not allowed)');
  });
});
