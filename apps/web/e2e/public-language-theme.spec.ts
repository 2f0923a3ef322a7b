import { expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const overview = shippedTexts('ServiceOverview');
const navigation = shippedTexts('Navigation');
const footer = shippedTexts('Footer');
const general = shippedTexts('General');
const price = shippedTexts('Price');

test.describe('language', () => {
  test('switching re-renders every text, sends Content-Language and sets <html lang>', async ({ page }) => {
    // The page arrives rendered in German (nothing is fetched for it); the app then takes it over.
    await page.goto('/services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.waitForLoadState('networkidle');

    const resorted = page.waitForRequest((r) => r.url().includes('/rest/collection/service?'));
    await page.getByRole('combobox', { name: footer.language!.de }).selectOption('en');
    expect((await resorted).headers()['content-language']).toBe('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => window.localStorage.getItem('user-language'))).toBe('en');
    // Shell, screen and footer: all in English now.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
    await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.en })).toBeVisible();
    await expect(page.getByRole('heading', { name: footer.ctaTitle!.en, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: overview.listTitle!.en, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Invisible Bot Protection' })).toBeVisible();

    // A later call carries the new language.
    const prices = page.waitForRequest((r) => r.url().includes('/rest/collection/price_package'));
    await page
      .getByRole('navigation', { name: navigation.mainNavigation!.en })
      .getByRole('link', { name: navigation.price!.en })
      .click();
    expect((await prices).headers()['content-language']).toBe('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.en);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.en);
    await page.getByRole('combobox', { name: footer.language!.en }).selectOption('de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.de);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('an unsupported stored language falls back to German', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('user-language', 'fr'));
    await page.goto('/services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
  });
});

test.describe('theme', () => {
  test('light by default; the toggle switches to dark and is remembered', async ({ page }) => {
    await page.goto('/services');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: navigation.themeDark!.de }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(11, 16, 32)');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: navigation.themeLight!.de }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-theme'))).toBe('light');
  });

  test('no flash: a stored dark theme applies before the app script runs', async ({ page }) => {
    test.slow(); // the app's script held back, then the whole app started, on two busy cores
    await preset(page, { theme: 'dark' });
    // Hold the app back: what shows meanwhile must already be dark.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/services', { waitUntil: 'commit' });
    // Once the stylesheet applies (the app's script is still held back).
    await page.waitForFunction(
      () => Boolean(document.body) && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)',
    );
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(11, 16, 32)',
    );
    // The page arrived rendered (docs/performance.md#public-pages-rendered-on-the-server): its
    // content is there, dark, while the app's script is still held back.
    await expect(page.locator('#root h1')).toHaveText(overview.heroTitle!.de);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
  });
});

test.describe('offline and notifications', () => {
  test('offline, a full-page message in English replaces the app until back online', async ({
    page,
    context,
  }) => {
    await preset(page, { language: 'en' });
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
    await context.setOffline(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(general.offlineTitle!.en);
    await expect(page.getByText(general.offlineText!.en)).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
  });

  test('offline, an open dialog is hidden too; back online it is there with what was typed, at the same scroll position', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.getByRole('banner').getByRole('button', { name: navigation.login!.de }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: shippedTexts('Form').username!.de })
      .fill('someone@example.com');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await context.setOffline(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(general.offlineTitle!.de);
    await expect(dialog).toBeHidden();

    await context.setOffline(false);
    await expect(dialog.getByRole('textbox', { name: shippedTexts('Form').username!.de })).toHaveValue(
      'someone@example.com',
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('notifications sit bottom right, stay 5000 ms and move in 200 ms', async ({ page }) => {
    // A controllable clock: the 5 s are checked without waiting for them, and a busy machine
    // cannot eat into them.
    await page.clock.install();
    await page.goto('/services');
    await page.getByRole('banner').getByRole('button', { name: navigation.login!.de }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: shippedTexts('Form').username!.de }).fill('admin@example.com');
    await dialog.getByLabel(shippedTexts('Form').password!.de).fill('admin1234');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await dialog.getByRole('button', { name: shippedTexts('Modal').loginSubmit!.de }).click();

    // Let the app's own timers run in small steps until the notice is there.
    const toast = page.locator('[data-sonner-toast]');
    for (let step = 0; step < 200 && !(await toast.isVisible()); step += 1) {
      await page.clock.runFor(25);
      await page.waitForTimeout(25); // real time for the network
    }
    await expect(toast).toBeVisible();
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    const box = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 60);
    expect(await toast.evaluate((el) => getComputedStyle(el).transitionDuration.split(',')[0]?.trim())).toBe(
      '0.2s',
    );

    await page.clock.runFor(4700);
    await expect(toast).toBeVisible();
    await page.clock.runFor(800);
    await expect(toast).toHaveCount(0);
  });
});
