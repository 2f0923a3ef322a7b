import type { LegalItem } from '@portal/contract/legal';
import type { PricePackage } from '@portal/contract/price-package';
import type { Service, ServiceSummary } from '@portal/contract/service';
import type { Db } from '../../db/database.js';
import type { Language } from '../../lib/language.js';
import { toGalleryItem, toLegalItem, toPricePackage, toService, toServiceSummary } from './catalogue.mapper.js';
import { findService, listLegalPages, listPricePackages, listServiceImages, listServices } from './catalogue.repository.js';

/**
 * The services on offer (retired ones are not: docs/admin.md#services); with a language, sorted
 * by the name in it (German where it has none).
 */
export async function serviceSummaries(db: Db, sortLanguage: Language | undefined): Promise<ServiceSummary[]> {
  const services = (await listServices(db)).filter((row) => row.retiredAt === null).map(toServiceSummary);
  if (sortLanguage) {
    const collator = new Intl.Collator(sortLanguage);
    const name = (s: ServiceSummary) => s.name[sortLanguage] || s.name.de;
    services.sort((a, b) => collator.compare(name(a), name(b)));
  }
  return services;
}

export async function serviceWithGallery(db: Db, id: string): Promise<Service | undefined> {
  const row = await findService(db, id);
  if (!row || row.retiredAt !== null) return undefined;
  return toService(row, (await listServiceImages(db, row.id)).map(toGalleryItem));
}

export async function pricePackages(db: Db): Promise<PricePackage[]> {
  return (await listPricePackages(db)).map(toPricePackage);
}

export async function legalPages(db: Db): Promise<LegalItem[]> {
  return (await listLegalPages(db)).map(toLegalItem);
}
