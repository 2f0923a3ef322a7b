import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// The app's own frame for signed-in and admin screens: compact footer, full width for the
// console, a page skeleton while a slow API answers, and the small things of the frame
// (skip link, dialog buttons, focus rings).

const footer = shippedTexts('Footer');
const admin = shippedTexts('Admin');
const navigation = shippedTexts('Navigation');
const projects = shippedTexts('Projects');
const modal = shippedTexts('Modal');
const adminServices = shippedTexts('AdminServices');
const audit = shippedTexts('AdminAudit');
const de = (texts: Record<string, { de: string }>, key: string) => texts[key]!.de;

// Screenshots to look at (not compared): SHOTS_DIR, else the system's temporary folder.
const shots = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-app-layout-shots');

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test.describe('the app frame (signed in)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('signed-in and admin screens wear a compact footer: legal links, language, version, no marketing', async ({
    page,
    demoSession,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: de(footer, 'ctaTitle') })).toBeVisible();

    await preset(page, { session: demoSession });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: de(projects, 'title') })).toBeVisible();
    const bottom = page.getByRole('contentinfo');
    await expect(bottom.getByRole('heading', { name: de(footer, 'ctaTitle') })).toHaveCount(0);
    await expect(bottom.getByText(de(footer, 'tagline'))).toHaveCount(0);
    for (const key of ['imprint', 'privacy', 'terms'])
      await expect(bottom.getByRole('link', { name: de(footer, key) })).toBeVisible();
    await expect(bottom.getByLabel(de(footer, 'language'))).toBeVisible();
    await expect(bottom.getByText(/^Beta /)).toBeVisible();
    const height = await bottom.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThan(120);
  });

  test('the admin report at 1280 px shows its total column, the project column stays while it scrolls', async ({
    page,
    adminSession,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await preset(page, { session: adminSession });
    await page.goto('/admin');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    const total = table.getByRole('columnheader', { name: de(admin, 'colTotal') });
    await expect(total).toBeInViewport({ ratio: 1 });
    const totalsRow = table.locator('tfoot tr');
    // The totals line may be below the fold; sideways its total is within the window.
    const totalCell = (await totalsRow.locator('td').last().boundingBox())!;
    expect(totalCell.x + totalCell.width).toBeLessThanOrEqual(1280);
    // The footer is the compact one here too.
    await expect(page.getByRole('heading', { name: de(footer, 'ctaTitle') })).toHaveCount(0);
    // Narrower: the table scrolls, says so, and project and total stay in view.
    await page.setViewportSize({ width: 1024, height: 900 });
    const region = page.getByRole('region', { name: /./ }).filter({ has: table });
    await expect(page.getByText(de(admin, 'scrollHint'))).toBeVisible();
    await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await expect(table.getByRole('columnheader', { name: de(admin, 'colProject') })).toBeInViewport({
      ratio: 1,
    });
    await expect(total).toBeInViewport({ ratio: 1 });
  });

  test('a slow API shows a page skeleton under the top bar, then the screen', async ({
    page,
    demoSession,
  }) => {
    await preset(page, { session: demoSession });
    await page.route('**/rest/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.goto('/projects', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('start-skeleton')).toBeVisible();
    await shoot(page, 'slow-api-skeleton-1280-light');
    await expect(page.getByRole('heading', { level: 1, name: de(projects, 'title') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('start-skeleton')).toHaveCount(0);
  });

  test('admin forms: each control right under its label, fields of a row in line', async ({
    page,
    adminSession,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await preset(page, { session: adminSession });
    // A demo service: its long description makes the preview beside the box the taller one.
    await page.goto('/admin/services/captchaPro');
    const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y;
    const category = await top(de(adminServices, 'category'));
    const accounting = await top(de(adminServices, 'accounting'));
    expect(Math.abs(accounting - category)).toBeLessThanOrEqual(1);
    const label = page.locator('label', { hasText: de(adminServices, 'description_de') });
    const labelBox = (await label.boundingBox())!;
    const box = (await page.getByLabel(de(adminServices, 'description_de'), { exact: true }).boundingBox())!;
    expect(box.y - (labelBox.y + labelBox.height)).toBeLessThanOrEqual(12);
    await shoot(page, 'admin-service-edit-1280-light');
  });

  test('the audit log takes dates as DD.MM.YYYY, as the report does', async ({ page, adminSession }) => {
    await preset(page, { session: adminSession });
    await page.goto('/admin/audit');
    const from = page.getByLabel(de(audit, 'from'), { exact: true });
    await expect(from).toHaveAttribute('type', 'text');
    await expect(from).toHaveAccessibleDescription(de(admin, 'dateFormat'));
    await from.fill('31.02.2026');
    await page.getByRole('button', { name: de(audit, 'apply') }).click();
    await expect(page.getByText(de(admin, 'dateInvalid'))).toBeVisible();
    await from.fill('1.1.2026');
    await page.getByRole('button', { name: de(audit, 'apply') }).click();
    await expect(page).toHaveURL(/from=2026-01-01/);
    await expect(page.getByLabel(de(audit, 'from'), { exact: true })).toHaveValue('01.01.2026');
  });

  test('the skip link, when focused, is a solid bar that covers nothing', async ({ page }) => {
    await page.goto('/services');
    const logo = page.getByRole('banner').getByRole('link').first();
    const logoBox = (await logo.boundingBox())!;
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: de(navigation, 'skipToContent') });
    await expect(skip).toBeFocused();
    const skipBox = (await skip.boundingBox())!;
    const logoNow = (await logo.boundingBox())!;
    expect(skipBox.y + skipBox.height).toBeLessThanOrEqual(logoNow.y + 1);
    expect(logoNow.x).toBeCloseTo(logoBox.x, 0);
    const background = await skip.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    await shoot(page, 'skip-link-1280-light');
  });

  test('on a phone the dialog buttons are seen in Tab order; a mouse click leaves no focus ring', async ({
    page,
    demoSession,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await preset(page, { session: demoSession });
    await page.goto('/projects');
    await page.getByRole('button', { name: de(projects, 'create') }).click();
    const dialog = page.getByRole('dialog', { name: de(modal, 'createProjectTitle') });
    const cancel = dialog.getByRole('button', { name: de(modal, 'cancel'), exact: true });
    const create = dialog.getByRole('button', { name: de(modal, 'create'), exact: true });
    await expect(cancel).toBeVisible();
    await shoot(page, 'dialog-375-light');
    // What is seen first (top, or left from 640 px) is what Tab reaches first (the markup's order).
    const [cancelBox, createBox] = [(await cancel.boundingBox())!, (await create.boundingBox())!];
    expect(cancelBox.y).toBeLessThan(createBox.y);
    const cancelFirstInMarkup = await cancel.evaluate(
      (element, other) => Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
      await create.elementHandle(),
    );
    expect(cancelFirstInMarkup).toBe(true);

    // Closed with the mouse: the button it returns to shows no focus ring.
    await cancel.click();
    await expect(dialog).toBeHidden();
    const ringed = await page.evaluate(() => document.querySelector(':focus-visible')?.outerHTML ?? null);
    expect(ringed).toBeNull();
  });

  test('screens to look at: projects and the admin report at 375 and 1280 px, light and dark', async ({
    browser,
    demoSession,
    adminSession,
  }) => {
    for (const width of [375, 1280])
      for (const theme of ['light', 'dark'] as const)
        for (const [name, path, session] of [
          ['projects', '/projects', demoSession],
          ['admin-report', '/admin', adminSession],
        ] as const) {
          const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
          const page = await context.newPage();
          await preset(page, { session, theme });
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
          await shoot(page, `${name}-${width}-${theme}`);
          await context.close();
        }
  });
});
