import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { newLicenceKey } from '../lib/ids.js';
import { hashPassword } from '../lib/password.js';
import { addDays, isoDay } from '../lib/period.js';
import { nowIso } from '../lib/time.js';
import {
  GALLERY_WIDTHS,
  LOGO_WIDTH,
  PACKAGE_IMAGE_WIDTH,
  THUMBNAIL_WIDTH,
} from '../modules/catalogue/catalogue-images.js';
import { insertMediaIfMissing } from '../modules/catalogue/media.repository.js';
import type { NewProject } from '../modules/project/project.repository.js';
import { stringify } from 'yaml';
import { seedPublishedVersion } from '../modules/service-api/service-api.service.js';
import { demoApiDocument, demoApis } from './content/demo-api-documents.js';
import { demoLegalPages } from './content/demo-legal-pages.js';
import { demoPricePackages } from './content/demo-price-packages.js';
import { demoServices } from './content/demo-services.js';
import type { DemoService } from './content/demo-types.js';
import { renderSvg, renderSvgSizes } from './render-image.js';

export const DEMO_ACCOUNTS = [
  {
    id: 'demoUser0001',
    email: 'demo@example.com',
    password: 'demo1234',
    firstname: 'Dana',
    lastname: 'Demo',
    salutation: 'f' as const,
    place: 'Berlin',
    company: 'Muster Onlineshop GmbH',
    isAdmin: 0,
  },
  {
    id: 'adminUser001',
    email: 'admin@example.com',
    password: 'admin1234',
    firstname: 'Alex',
    lastname: 'Admin',
    salutation: 'm' as const,
    place: 'Berlin',
    company: 'Beispiel Webservices GmbH',
    isAdmin: 1,
  },
];

interface DemoProject extends NewProject {
  /** Days before today the project was created. */
  createdDaysAgo: number;
  licences: Array<{ id: string; serviceId: string; createdDaysAgo: number; online: boolean }>;
}

const DEMO_PROJECTS: DemoProject[] = [
  {
    id: 'demoProjShop',
    ownerId: 'demoUser0001',
    name: 'Webshop Relaunch',
    description: 'Neuer Onlineshop mit geprüften Lieferadressen und spamfreiem Kontaktformular.',
    domainsProduction: ['shop.example.com', 'www.example.com'],
    domainsSandbox: ['staging.example.com'],
    createdDaysAgo: 95,
    licences: [
      { id: 'demoLicShop1', serviceId: 'captchaPro', createdDaysAgo: 94, online: true },
      { id: 'demoLicShop2', serviceId: 'adressvalidierung', createdDaysAgo: 60, online: true },
      { id: 'demoLicShop3', serviceId: 'plzAutovervollstaendigung', createdDaysAgo: 20, online: false },
    ],
  },
  {
    id: 'demoProjCrm',
    ownerId: 'demoUser0001',
    name: 'CRM-Datenpflege',
    description: 'Bereinigung der Kundendatenbank: Firmendaten anreichern, Bankverbindungen prüfen.',
    domainsProduction: ['crm.example.com'],
    domainsSandbox: [],
    createdDaysAgo: 40,
    licences: [
      { id: 'demoLicCrm01', serviceId: 'firmendatenApi', createdDaysAgo: 40, online: true },
      { id: 'demoLicCrm02', serviceId: 'bankdatenPruefung', createdDaysAgo: 35, online: true },
    ],
  },
];

/** Deterministic "random" numbers, so a repeated seed writes the same usage. */
function unitNoise(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 0xffffffff;
}

function dailyCount(licenceId: string, day: string, accounting: DemoService['accounting']): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekendFactor = weekday === 0 || weekday === 6 ? 0.45 : 1;
  const base = accounting === 'pageview' ? 9000 : 1400;
  return Math.round(base * weekendFactor * (0.6 + 0.8 * unitNoise(`${licenceId}:${day}`)));
}

async function seedServiceMedia(db: Kysely<Database>, service: DemoService, now: string) {
  const logo = await renderSvg(service.logoSvg, LOGO_WIDTH);
  const thumbnail = await renderSvg(service.thumbnailSvg, THUMBNAIL_WIDTH);
  await insertMediaIfMissing(db, { ...logo, createdAt: now });
  await insertMediaIfMissing(db, { ...thumbnail, createdAt: now });
  const sizeNames = Object.keys(GALLERY_WIDTHS) as Array<keyof typeof GALLERY_WIDTHS>;
  const images = [];
  for (const [position, image] of service.gallery.entries()) {
    const rendered = await renderSvgSizes(image.svg, Object.values(GALLERY_WIDTHS));
    const sizes: Record<string, string> = {};
    for (const [index, media] of rendered.entries()) {
      await insertMediaIfMissing(db, { ...media, createdAt: now });
      sizes[sizeNames[index] ?? 'xs'] = media.id;
    }
    images.push({ position, image, sizes });
  }
  return { logoId: logo.id, thumbnailId: thumbnail.id, images };
}

async function seedCatalogue(db: Kysely<Database>, now: string): Promise<void> {
  for (const service of demoServices) {
    const media = await seedServiceMedia(db, service, now);
    const row = {
      id: service.id,
      category: service.category,
      nameDe: service.name.de,
      nameEn: service.name.en,
      descriptionShortDe: service.descriptionShort.de,
      descriptionShortEn: service.descriptionShort.en,
      descriptionDe: service.description.de,
      descriptionEn: service.description.en,
      accounting: service.accounting,
      pricePer1000Calls: service.pricePer1000Calls,
      monthlyFee: service.monthlyFee,
      singlePayment: service.singlePayment,
      demoHref: service.demoHref,
      dataCopyright: service.dataCopyright,
      dataLastupdate: service.dataLastUpdate,
      jsServiceCodeType: service.jsServiceCodeType,
      jsServiceCodeTemplate: service.jsServiceCodeTemplate,
      serviceCodeBackendTemplate: service.serviceCodeBackendTemplate,
      formJson: service.form ? JSON.stringify(service.form) : null,
      logoMediaId: media.logoId,
      thumbnailMediaId: media.thumbnailId,
      createdAt: now,
      updatedAt: now,
    };
    await db.insertInto('service').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    for (const { position, image, sizes } of media.images) {
      await db
        .insertInto('serviceImage')
        .values({
          id: `${service.id}Img${position}`,
          serviceId: service.id,
          position,
          nameDe: image.name.de,
          nameEn: image.name.en,
          xsMediaId: sizes.xs ?? '',
          smMediaId: sizes.sm ?? '',
          mdMediaId: sizes.md ?? '',
          lgMediaId: sizes.lg ?? '',
          xlgMediaId: sizes.xlg ?? '',
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
  for (const pack of demoPricePackages) {
    const img = await renderSvg(pack.imgSvg, PACKAGE_IMAGE_WIDTH);
    await insertMediaIfMissing(db, { ...img, createdAt: now });
    await db
      .insertInto('pricePackage')
      .values({
        id: pack.id,
        nameDe: pack.name.de,
        nameEn: pack.name.en,
        descriptionDe: pack.description.de,
        descriptionEn: pack.description.en,
        imgMediaId: img.id,
        bruttoMonatlich: pack.bruttoMonatlich,
        calls: pack.calls,
        sortOrder: pack.sortOrder,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const page of demoLegalPages) {
    await db
      .insertInto('legalPage')
      .values({
        id: page.internerName,
        internerName: page.internerName,
        titleDe: page.title.de,
        titleEn: page.title.en,
        htmlDe: page.html.de,
        htmlEn: page.html.en,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('internerName').doNothing())
      .execute();
  }
}

async function seedAccounts(db: Kysely<Database>, now: string): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom('person').select('id').where('email', '=', account.email).executeTakeFirst();
    if (exists) continue;
    const { password, ...person } = account;
    await db
      .insertInto('person')
      .values({ ...person, passwordHash: await hashPassword(password), language: 'de', createdAt: now, updatedAt: now })
      .execute();
  }
}

async function seedProjects(db: Kysely<Database>, today: string): Promise<void> {
  const accountingOf = new Map(demoServices.map((s) => [s.id, s.accounting]));
  for (const project of DEMO_PROJECTS) {
    const owner = await db.selectFrom('person').select('id').where('id', '=', project.ownerId).executeTakeFirst();
    if (!owner) continue; // the operator removed the demo account: leave its projects out
    const createdAt = `${addDays(today, -project.createdDaysAgo)}T09:00:00.000Z`;
    await db
      .insertInto('project')
      .values({
        id: project.id,
        ownerId: project.ownerId,
        name: project.name,
        description: project.description,
        domainsProduction: JSON.stringify(project.domainsProduction),
        domainsSandbox: JSON.stringify(project.domainsSandbox),
        createdAt,
        updatedAt: createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const licence of project.licences) {
      const accounting = accountingOf.get(licence.serviceId);
      if (!accounting) throw new Error(`Demo licence ${licence.id} names unknown service ${licence.serviceId}`);
      const licenceCreated = `${addDays(today, -licence.createdDaysAgo)}T10:00:00.000Z`;
      await db
        .insertInto('serviceLicence')
        .values({
          id: licence.id,
          projectId: project.id,
          serviceId: licence.serviceId,
          licenceKey: newLicenceKey(),
          online: licence.online ? 1 : 0,
          formdata: '{}',
          createdAt: licenceCreated,
          updatedAt: licenceCreated,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      if (accounting === 'monthly') continue;
      const days = Math.min(90, licence.createdDaysAgo);
      const rows = [];
      for (let back = days; back >= 1; back--) {
        const day = addDays(today, -back);
        rows.push({ licenceId: licence.id, day, count: dailyCount(licence.id, day, accounting) });
      }
      for (let i = 0; i < rows.length; i += 100) {
        await db
          .insertInto('usageDaily')
          .values(rows.slice(i, i + 100))
          .onConflict((oc) => oc.columns(['licenceId', 'day']).doNothing())
          .execute();
      }
    }
  }
}

/**
 * Fills the demo catalogue, accounts, projects and 90 days of usage. Safe to run again: every
 * row has a stable key and existing rows are left as they are (nothing a user changed is lost).
 */
/** Each demo service's API reference, published (docs/domain.md#api-reference). */
async function seedApiReferences(db: Kysely<Database>, now: Date): Promise<void> {
  for (const api of demoApis) {
    await seedPublishedVersion(db, now, api.serviceId, {
      document: stringify(demoApiDocument(api, 'de')),
      documentEn: stringify(demoApiDocument(api, 'en')),
      version: api.version,
      notes: api.notes,
    });
  }
}

export async function seedDemo(db: Kysely<Database>, now: Date): Promise<void> {
  const stamp = nowIso(now);
  await seedCatalogue(db, stamp);
  await seedApiReferences(db, now);
  await seedAccounts(db, stamp);
  await seedProjects(db, isoDay(now));
}
