import type { Selectable } from 'kysely';
import type { AdminService } from '@portal/contract/admin-service';
import type { LegalItem } from '@portal/contract/legal';
import type { PricePackage } from '@portal/contract/price-package';
import type { FormSection, GalleryItem, Service, ServiceSummary } from '@portal/contract/service';
import type { LegalPageTable, PricePackageTable, ServiceImageTable, ServiceRow } from '../../db/database.js';
import { centsToEuros } from '../../lib/money.js';
/** Where a catalogue image is served (by media.routes.ts). */
export const mediaUrl = (id: string): string => `/rest/media/${id}`;

const urlOrNull = (id: string | null): string | null => (id ? mediaUrl(id) : null);

/** What a summary needs of a service row (see serviceSummaryColumns). */
export type ServiceSummaryRow = Pick<
  ServiceRow,
  | 'id'
  | 'category'
  | 'nameDe'
  | 'nameEn'
  | 'descriptionShortDe'
  | 'descriptionShortEn'
  | 'accounting'
  | 'logoMediaId'
  | 'thumbnailMediaId'
  | 'pricePer1000Calls'
  | 'monthlyFee'
  | 'singlePayment'
>;

export function toServiceSummary(row: ServiceSummaryRow): ServiceSummary {
  return {
    key: row.id,
    id: row.id,
    category: row.category,
    name: { de: row.nameDe, en: row.nameEn },
    descriptionShort: { de: row.descriptionShortDe, en: row.descriptionShortEn },
    accounting: row.accounting,
    logo: urlOrNull(row.logoMediaId),
    thumbnail: urlOrNull(row.thumbnailMediaId),
    pricePer1000Calls: centsToEuros(row.pricePer1000Calls),
    monthlyFee: centsToEuros(row.monthlyFee),
    singlePayment: centsToEuros(row.singlePayment),
  };
}

export function toGalleryItem(row: Selectable<ServiceImageTable> & { width: number; height: number }): GalleryItem {
  return {
    key: row.id,
    preview: mediaUrl(row.xsMediaId),
    name: { de: row.nameDe, en: row.nameEn },
    sizes: {
      xs: mediaUrl(row.xsMediaId),
      sm: mediaUrl(row.smMediaId),
      md: mediaUrl(row.mdMediaId),
      lg: mediaUrl(row.lgMediaId),
      xlg: mediaUrl(row.xlgMediaId),
    },
    width: row.width,
    height: row.height,
  };
}

export function parseForm(formJson: string | null): FormSection[] | null {
  return formJson ? (JSON.parse(formJson) as FormSection[]) : null;
}

/**
 * A service's own fields as the admin console edits them and the catalogue files hold them (the
 * two differ only in the settings form, the images and the retirement). The import and the
 * admin console store the code type as 'html' or 'javascript'; anything else counts as
 * JavaScript, as the licence page shows it.
 */
export type ServiceFields = Omit<
  AdminService,
  'settingsForm' | 'logo' | 'thumbnail' | 'gallery' | 'retired'
>;

export function toServiceFields(row: ServiceRow): ServiceFields {
  return {
    id: row.id,
    category: row.category,
    name: { de: row.nameDe, en: row.nameEn },
    descriptionShort: { de: row.descriptionShortDe, en: row.descriptionShortEn },
    description: { de: row.descriptionDe, en: row.descriptionEn },
    accounting: row.accounting,
    pricePer1000CallsCents: row.pricePer1000Calls,
    monthlyFeeCents: row.monthlyFee,
    singlePaymentCents: row.singlePayment,
    demoHref: row.demoHref,
    dataCopyright: row.dataCopyright,
    dataLastUpdate: row.dataLastupdate,
    integrationCode: {
      type: row.jsServiceCodeType === 'html' ? 'html' : 'javascript',
      template: row.jsServiceCodeTemplate,
      backendTemplate: row.serviceCodeBackendTemplate,
    },
  };
}

export function toService(row: ServiceRow, gallery: GalleryItem[]): Service {
  return {
    ...toServiceSummary(row),
    description: { de: row.descriptionDe, en: row.descriptionEn },
    demoHref: row.demoHref,
    data_copyright: row.dataCopyright,
    data_lastupdate: row.dataLastupdate,
    gallery,
    hasForm: row.formJson !== null,
    hasApiReference: row.apiVersionId !== null,
  };
}

export function toPricePackage(row: Selectable<PricePackageTable>): PricePackage {
  return {
    key: row.id,
    id: row.id,
    product: {
      name: { de: row.nameDe, en: row.nameEn },
      description: { de: row.descriptionDe, en: row.descriptionEn },
      img: urlOrNull(row.imgMediaId),
      price: { brutto_monatlich: centsToEuros(row.bruttoMonatlich), calls: row.calls },
    },
  };
}

export function toLegalItem(row: Selectable<LegalPageTable>): LegalItem {
  return {
    key: row.id,
    id: row.id,
    interner_name: row.internerName,
    title: { de: row.titleDe, en: row.titleEn },
    html: { de: row.htmlDe, en: row.htmlEn },
    lastModified: row.updatedAt,
  };
}
