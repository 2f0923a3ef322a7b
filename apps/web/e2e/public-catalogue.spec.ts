import type { Page } from '@playwright/test';
import { apiCreateProject, apiDeleteProject, expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const overview = shippedTexts('ServiceOverview');
const detail = shippedTexts('ServiceDetail');
const card = shippedTexts('Card');
const navigation = shippedTexts('Navigation');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const notifications = shippedTexts('Notifications');

const serviceList = (page: Page, language: 'de' | 'en' = 'de') =>
  page.getByRole('list', { name: overview.listTitle![language] });

test.describe('service overview', () => {
  test('hero, three cards per row, cut descriptions, badges and sized thumbnails', async ({
    page,
    request,
  }) => {
    const catalogue = (await (await request.get('/rest/collection/service')).json()) as Array<{
      descriptionShort: { de: string };
    }>;
    const descriptions = catalogue.map((service) => service.descriptionShort.de);
    await page.goto('/services');
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    await expect(hero.getByText(overview.heroSubtitle!.de)).toBeVisible();
    await hero.getByRole('link', { name: overview.heroCta!.de }).click();
    await expect(page).toHaveURL(/#service-list$/);

    const cards = serviceList(page).getByRole('listitem');
    await expect(cards).toHaveCount(7);
    const tops = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(tops[1]).toBe(tops[2]);
    expect(tops[3]).toBeGreaterThan(tops[2]!);
    expect(tops[3]).toBe(tops[5]);

    const badges = [card.accountingRequest!.de, card.accountingPageview!.de, card.accountingMonthly!.de];
    let cut = 0;
    for (const item of await cards.all()) {
      const image = item.locator('img');
      await expect(image).toHaveAttribute('width', '800');
      await expect(image).toHaveAttribute('height', '450');
      const text = (await item.locator('p').first().textContent()) ?? '';
      expect(Array.from(text).length).toBeLessThanOrEqual(90);
      // A cut text is at most 87 characters plus '...', cut between words: the word before the
      // dots is a whole word of the full description.
      expect(text).not.toMatch(/…$/);
      if (text.endsWith('...')) {
        cut += 1;
        const kept = text.slice(0, -3);
        const full = descriptions.find((description) => description.startsWith(kept));
        expect(full, `"${text}" is the start of a description`).toBeDefined();
        expect(full!.charAt(kept.length)).toMatch(/[\s,;:–-]/);
      }
      expect(badges).toContain((await item.locator('span').first().textContent())?.trim());
    }
    expect(cut).toBeGreaterThan(0);
  });

  test('card links use the name in the current language', async ({ page }) => {
    await preset(page, { language: 'en' });
    await page.goto('/services');
    const link = serviceList(page, 'en').getByRole('link', { name: 'Invisible Bot Protection' });
    await expect(link).toHaveAttribute('href', '/services/invisible-bot-protection-botSchutzInvisible');
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invisible Bot Protection');
  });
  test('a skeleton while the list loads, a friendly message and a retry when it fails', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route(/\/rest\/collection\/service\?/, async (route) => {
      await held;
      if (fail) await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'down' } } });
      else await route.continue();
    });
    // The server renders /services with its list; the app loads the list itself when it came in
    // on a page of its own (here the sign-up form) and moves to the catalogue.
    await page.goto('/signup');
    await page
      .getByRole('navigation', { name: navigation.mainNavigation!.de })
      .getByRole('link', { name: navigation.services!.de })
      .click();
    await expect(page.getByRole('status').filter({ hasText: overview.loading!.de })).toBeAttached();
    release();
    // The query retries twice before it gives up.
    const alert = page.getByRole('alert').filter({ hasText: overview.error!.de });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    fail = false;
    await alert.getByRole('button', { name: shippedTexts('General').retry!.de }).click();
    await expect(serviceList(page).getByRole('listitem')).toHaveCount(7);
  });
});

test.describe('service detail', () => {
  test('breadcrumb, name, short description, demo link, description, no source without data', async ({
    page,
  }) => {
    await page.goto('/services/captcha-pro-captchaPro');
    const breadcrumb = page.getByRole('navigation', { name: shippedTexts('General').breadcrumb!.de });
    await expect(breadcrumb.getByRole('link', { name: navigation.services!.de })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(breadcrumb.getByText('Captcha Pro')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captcha Pro');
    await expect(page.getByText(/^Datenschutzfreundliches Captcha ohne Cookies/)).toBeVisible();
    await expect(page.getByRole('button', { name: detail.addToProject!.de })).toBeVisible();
    const demo = page.getByRole('link', { name: new RegExp(detail.demo!.de) });
    await expect(demo).toHaveAttribute('href', 'https://demo.example.com/captcha-pro');
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('heading', { name: detail.descriptionTitle!.de })).toBeVisible();
    await expect(page.getByRole('heading', { name: detail.sourceTitle!.de })).toHaveCount(0);
  });

  test('source block with copyright and DD.MM.YYYY; no demo link without demoHref', async ({ page }) => {
    await page.goto('/services/plz-autovervollstaendigung-plzAutovervollstaendigung');
    await expect(page.getByRole('heading', { name: detail.sourceTitle!.de })).toBeVisible();
    await expect(page.getByText('© GeoBasis-DE / BKG 2026')).toBeVisible();
    await expect(page.getByText('Stand: 15.09.2026')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(detail.demo!.de) })).toHaveCount(0);
  });

  test('a stale slug is corrected, and English shows the English slug and texts', async ({ page }) => {
    await page.goto('/services/old-name-adressvalidierung');
    await expect(page).toHaveURL(/\/services\/adressvalidierung-adressvalidierung$/);
    const entries = await page.evaluate(() => window.history.length);
    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
    await expect(page.getByRole('heading', { name: detail.descriptionTitle!.en })).toBeVisible();
    // The address follows the language: the English slug replaces the German one in place.
    await expect(page).toHaveURL(/\/services\/address-validation-adressvalidierung$/);
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.en }).selectOption('de');
    await expect(page).toHaveURL(/\/services\/adressvalidierung-adressvalidierung$/);
    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
    await page.goto('/services/adressvalidierung-adressvalidierung');
    await expect(page).toHaveURL(/\/services\/address-validation-adressvalidierung$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address Validation');
  });

  test('gallery: 4 thumbnails and +N; lightbox with srcset, wrapping, keyboard', async ({ page }) => {
    await page.goto('/services/captcha-pro-captchaPro');
    const gallery = page.getByRole('list', { name: detail.galleryTitle!.de });
    const thumbnails = gallery.getByRole('button');
    await expect(thumbnails).toHaveCount(4);
    await expect(thumbnails.last()).toContainText('+2');
    await expect(thumbnails.first()).toHaveAccessibleName('Bild 1 von 6 vergrößern');
    for (const image of await gallery.locator('img').all()) {
      await expect(image).toHaveAttribute('width', '200');
      await expect(image).toHaveAttribute('height', '125');
    }

    await thumbnails.first().click();
    const lightbox = page.getByRole('dialog', { name: detail.lightboxLabel!.de });
    await expect(lightbox).toBeVisible();
    const current = lightbox.locator('.yarl__slide_current img');
    const srcset = (await current.getAttribute('srcset')) ?? '';
    for (const width of [421, 993, 1201, 1401]) expect(srcset).toContain(` ${width}w`);
    await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 6');

    // Round at both ends, with the keyboard.
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox.locator('.yarl__counter')).toHaveText('6 / 6');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 6');
    await lightbox.getByRole('button', { name: detail.lightboxNext!.de }).click();
    await expect(lightbox.locator('.yarl__counter')).toHaveText('2 / 6');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(thumbnails.nth(1)).toBeFocused();

    // Tab and Shift+Tab stay in the lightbox, so Escape and the arrows keep working.
    await thumbnails.first().click();
    await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 6');
    const focusInLightbox = () =>
      page.evaluate(() => document.activeElement?.closest('.yarl__root') !== null);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInLightbox(), `focus after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    // The '+N' thumbnail opens the fourth image.
    await thumbnails.last().click();
    await expect(lightbox.locator('.yarl__counter')).toHaveText('4 / 6');
  });
});

test.describe('lightbox controls', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`counter, close and arrows stand on a solid background of their own (${theme})`, async ({ page }) => {
      await preset(page, { theme });
      await page.goto('/services/captcha-pro-captchaPro');
      await page.getByRole('button', { name: /^Bild 1 von/ }).click();
      const lightbox = page.getByRole('dialog', { name: detail.lightboxLabel!.de });
      await expect(lightbox.locator('.yarl__slide_current img')).toBeVisible();
      const controls = [
        lightbox.locator('.yarl__counter'),
        lightbox.getByRole('button', { name: detail.lightboxClose!.de }),
        lightbox.getByRole('button', { name: detail.lightboxPrevious!.de }),
        lightbox.getByRole('button', { name: detail.lightboxNext!.de }),
      ];
      for (const control of controls) {
        const { background, foreground } = await control.evaluate((element) => {
          const style = getComputedStyle(element);
          return { background: style.backgroundColor, foreground: style.color };
        });
        // Opaque, so the picture behind cannot wash it out, and 4.5:1 against its own text.
        expect(alpha(background), `${await control.getAttribute('class')} background ${background}`).toBe(1);
        expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

/** 'rgb(1, 2, 3)' / 'rgba(1, 2, 3, 0.5)' → its channels. */
function channels(colour: string): number[] {
  return (colour.match(/[\d.]+/g) ?? []).map(Number);
}

function alpha(colour: string): number {
  return channels(colour)[3] ?? 1;
}

/** WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = channels(colour).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

test.describe('add to project', () => {
  test('signed out: login first, then the modal; held projects disabled; adds and leads to the project', async ({
    page,
    request,
    adminSession,
  }) => {
    const suffix = Date.now().toString(36);
    const description = 'Angelegt vom End-to-End-Test.';
    const holding = await apiCreateProject(request, adminSession, {
      name: `E2E hält Captcha ${suffix}`,
      description,
      serviceIds: ['captchaPro'],
    });
    const target = await apiCreateProject(request, adminSession, { name: `E2E Ziel ${suffix}`, description });
    try {
      await page.goto('/services/captcha-pro-captchaPro');
      await page.getByRole('button', { name: detail.addToProject!.de }).click();
      const login = page.getByRole('dialog', { name: modal.loginTitle!.de });
      await login.getByRole('textbox', { name: form.username!.de }).fill('admin@example.com');
      await login.getByLabel(form.password!.de).fill('admin1234');
      await login.getByRole('button', { name: modal.loginSubmit!.de }).click();

      const dialog = page.getByRole('dialog', { name: modal.addToProjectTitle!.de });
      await expect(dialog).toBeVisible();
      const proceed = dialog.getByRole('button', { name: modal.continue!.de });
      await expect(proceed).toBeDisabled();
      // The admin may hold more projects with this service (other journeys); this one says so.
      const held = dialog.locator('label').filter({ hasText: holding.name });
      await expect(held.getByRole('radio')).toBeDisabled();
      await expect(held).toContainText(modal.alreadyInProject!.de);
      await dialog.getByRole('radio', { name: new RegExp(target.name) }).check();
      await expect(proceed).toBeEnabled();

      const put = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/project/${target.id}/service_licence/captchaPro`) &&
          r.request().method() === 'PUT',
      );
      await proceed.click();
      expect((await put).status()).toBe(201);
      await expect(page.getByText(notifications.serviceAdded!.de)).toBeVisible();
      await dialog.getByRole('link', { name: modal.goToProject!.de }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/e2e-ziel-${suffix}-${target.id}$`));
    } finally {
      await apiDeleteProject(request, adminSession, holding.id);
      await apiDeleteProject(request, adminSession, target.id);
    }
  });

  test('without a project, the modal says so and links to /projects', async ({ page, adminSession }) => {
    // The empty list as the server answers it for a new customer (other tests may have given
    // the admin projects meanwhile).
    await page.route('**/rest/collection/person/*/project', (route) => route.fulfill({ json: [] }));
    await preset(page, { session: adminSession, language: 'en' });
    await page.goto('/services/captcha-pro-captchaPro');
    await page.getByRole('button', { name: detail.addToProject!.en }).click();
    const dialog = page.getByRole('dialog', { name: modal.addToProjectTitle!.en });
    await expect(dialog.getByText(modal.noProjects!.en)).toBeVisible();
    await dialog.getByRole('link', { name: modal.goToProjects!.en }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/projects$/);
  });
});
