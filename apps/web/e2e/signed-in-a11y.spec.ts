import type { Page } from '@playwright/test';
import {
  apiCreateProject,
  apiLogin,
  type ApiSession,
  createUser,
  expect,
  expectNoAxeViolations,
  preset,
  test,
} from './fixtures';
import { shippedTexts } from './translations';

// axe on every signed-in screen in the other theme and language: the journeys check light and
// German, this file dark and English (contrast depends on the theme, names on the language).

type Variant = { theme: 'light' | 'dark'; language: 'de' | 'en' };
const variants: Variant[] = [{ theme: 'dark', language: 'en' }];

const texts = {
  projects: shippedTexts('Projects'),
  detail: shippedTexts('ProjectDetail'),
  licence: shippedTexts('Licence'),
  profile: shippedTexts('Profile'),
  admin: shippedTexts('Admin'),
  modal: shippedTexts('Modal'),
  navigation: shippedTexts('Navigation'),
  sharing: shippedTexts('Sharing'),
};

async function open(page: Page, session: ApiSession | null, variant: Variant, path: string) {
  await preset(page, { session, ...variant });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
  if (variant.theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
}

for (const variant of variants) {
  test.describe(`axe, ${variant.theme} theme, ${variant.language}`, () => {
    // axe on a whole page takes seconds on a busy two-core machine.
    test.describe.configure({ timeout: 120_000 });
    test('projects, project, licence (both tabs), dialogs', async ({ page, request }) => {
      const user = await createUser();
      const session = await apiLogin(request, user);
      const project = await apiCreateProject(request, session, {
        name: 'Barrierefrei',
        description: 'Prüfprojekt',
        domainsProduction: ['a11y.example.com'],
        serviceIds: ['captchaPro', 'firmendatenApi'],
      });
      const { language } = variant;
      await open(page, session, variant, '/projects');
      await expect(page.getByRole('link', { name: 'Barrierefrei' })).toBeVisible();
      await expectNoAxeViolations(page, `/projects ${variant.theme} ${language}`);

      await page.getByRole('button', { name: texts.projects.create![language] }).click();
      await expect(
        page.getByRole('dialog', { name: texts.modal.createProjectTitle![language] }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `create-project modal ${variant.theme} ${language}`);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Barrierefrei' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Barrierefrei' })).toBeVisible();
      await expectNoAxeViolations(page, `project ${variant.theme} ${language}`);

      // Keyboard only: the menu opens with Enter, arrows move, Escape brings focus back.
      const menu = page.getByRole('button', { name: texts.detail.menu![language] });
      await menu.focus();
      await page.keyboard.press('Enter');
      // The menu's first item is "Share" (every member may see who belongs to the project).
      await expect(page.getByRole('menuitem', { name: texts.sharing.share![language] })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: texts.detail.editSettings![language] })).toBeFocused();
      // Open, the menu stays inside the landmark of its button (axe's "region" rule).
      await expectNoAxeViolations(page, `project menu ${variant.theme} ${language}`);
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('dialog', { name: texts.modal.projectSettingsTitle![language] }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `settings modal ${variant.theme} ${language}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeFocused();

      const captcha = project.licences.find((licence) => licence.service.id === 'captchaPro')!;
      await page.getByRole('link', { name: 'Captcha Pro' }).click();
      await expect(page).toHaveURL(new RegExp(`${captcha.id}$`));
      await expect(page.getByTestId('usage-chart').locator('svg')).toBeVisible();
      await expectNoAxeViolations(page, `licence general ${variant.theme} ${language}`);
      await page.getByRole('tab', { name: texts.licence.tabSettings![language] }).click();
      await expectNoAxeViolations(page, `licence settings ${variant.theme} ${language}`);
      await page.getByRole('button', { name: texts.licence.menu![language] }).click();
      await expect(page.getByRole('menuitemcheckbox')).toBeVisible();
      await expectNoAxeViolations(page, `licence menu ${variant.theme} ${language}`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('banner')
        .getByRole('button', { name: texts.navigation.profileMenu![language] })
        .click();
      await expect(page.getByRole('menuitem', { name: texts.navigation.logout![language] })).toBeVisible();
      await expectNoAxeViolations(page, `profile menu ${variant.theme} ${language}`);
    });

    test('licence with real usage', async ({ page, request }) => {
      const { language } = variant;
      // Read only: the demo customer's seeded licence with 90 days of usage.
      const demo = await apiLogin(request, 'demo');
      await open(page, demo, variant, '/projects/webshop-relaunch-demoProjShop/captcha-pro-demoLicShop1');
      await expect(page.getByTestId('usage-chart').locator('svg')).toBeVisible();
      const last30 = page.getByRole('radio', { name: texts.licence.period30![language] });
      await page.getByText(texts.licence.period30![language], { exact: true }).click(); // its label
      await expect(last30).toBeChecked();
      await expect(page.getByTestId('usage-chart').locator('svg')).toBeVisible();
      await expectNoAxeViolations(page, `licence with usage ${variant.theme} ${language}`);
    });

    test('profile with its dialogs, and /admin not allowed', async ({ page, request }) => {
      const { language } = variant;
      const user = await createUser();
      await open(page, await apiLogin(request, user), variant, '/profile');
      await expect(
        page.getByRole('heading', { level: 1, name: texts.profile.title![language] }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/profile ${variant.theme} ${language}`);
      await page.getByRole('button', { name: texts.profile.changePassword![language] }).click();
      await expectNoAxeViolations(page, `password modal ${variant.theme} ${language}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: texts.profile.editAccount![language] }).click();
      await expectNoAxeViolations(page, `account modal ${variant.theme} ${language}`);
      await page.keyboard.press('Escape');
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: texts.admin.notAllowedTitle![language] })).toBeVisible();
      await expectNoAxeViolations(page, `/admin not allowed ${variant.theme} ${language}`);
    });

    test('admin report', async ({ page, request }) => {
      await open(page, await apiLogin(request, 'admin'), variant, '/admin');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, `/admin ${variant.theme} ${variant.language}`);
    });

    test('signed out', async ({ page }) => {
      await open(page, null, variant, '/projects');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(
        page.getByRole('heading', { name: texts.projects.signedOutTitle![variant.language] }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/projects signed out ${variant.theme} ${variant.language}`);
    });
  });
}

// Phone width: the layouts below md (mobile menu button, stacked headers, the admin report as
// cards instead of a table) have their own markup and colours. Light theme, German.
test.describe('axe at phone width (375 × 812), light theme, de', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  const variant: Variant = { theme: 'light', language: 'de' };
  const de = (texts: Record<string, { de: string }>, key: string) => texts[key]!.de;
  // Five axe runs on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('projects, project, licence (general tab), profile and the menu sheet', async ({ page, request }) => {
    const user = await createUser();
    const session = await apiLogin(request, user);
    const project = await apiCreateProject(request, session, {
      name: 'Schmale Ansicht',
      description: 'Prüfprojekt für Telefone',
      domainsProduction: ['mobil.example.com'],
      serviceIds: ['captchaPro', 'firmendatenApi'],
    });
    await open(page, session, variant, '/projects');
    await expect(page.getByRole('heading', { level: 1, name: de(texts.projects, 'title') })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schmale Ansicht' })).toBeVisible();
    await expectNoAxeViolations(page, '/projects at 375 px');

    await page.getByRole('link', { name: 'Schmale Ansicht' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schmale Ansicht' })).toBeVisible();
    await expect(page.getByRole('list', { name: /^Services \(2\)$/ }).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, 'project at 375 px');

    const captcha = project.licences.find((licence) => licence.service.id === 'captchaPro')!;
    await page.getByRole('link', { name: 'Captcha Pro' }).click();
    await expect(page).toHaveURL(new RegExp(`${captcha.id}$`));
    await expect(page.getByRole('tab', { name: de(texts.licence, 'tabGeneral') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('usage-chart').locator('svg')).toBeVisible();
    await expectNoAxeViolations(page, 'licence general at 375 px');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: de(texts.profile, 'title') })).toBeVisible();
    await expectNoAxeViolations(page, '/profile at 375 px');

    // The signed-in menu sheet: navigation plus the account's own entries.
    await page
      .getByRole('banner')
      .getByRole('button', { name: de(texts.navigation, 'openMenu') })
      .click();
    const sheet = page.getByRole('dialog', { name: de(texts.navigation, 'menu') });
    await expect(sheet.getByRole('link', { name: de(texts.navigation, 'account') })).toBeVisible();
    await expect(sheet.getByRole('button', { name: de(texts.navigation, 'logout') })).toBeVisible();
    await expect(sheet).toContainText(user.email);
    await expectNoAxeViolations(page, 'signed-in menu sheet at 375 px');
  });

  test('admin report as cards', async ({ page, request }) => {
    await open(page, await apiLogin(request, 'admin'), variant, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: de(texts.admin, 'title') })).toBeVisible();
    // Below md the report is one card per project; the table is not shown.
    const cards = page.getByRole('region', { name: new RegExp(`^${de(texts.admin, 'tableCaption')}`) });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expectNoAxeViolations(page, '/admin (cards) at 375 px');
  });
});
