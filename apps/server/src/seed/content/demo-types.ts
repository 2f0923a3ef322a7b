// Shapes of the shipped demo content. The seed turns these into rows; keeping them as typed
// modules (not JSON) lets the compiler catch a missing language or a misspelt accounting type.

export interface I18nText {
  de: string;
  en: string;
}

export type Accounting = 'request' | 'pageview' | 'monthly';

export interface DemoFormField {
  /** Stable field id, [A-Za-z0-9]+; the key under which formdata stores the value. */
  id: string;
  name: I18nText;
  fieldType: 'text' | 'textarea';
}

export interface DemoFormSection {
  id: string;
  label: I18nText;
  fields: DemoFormField[];
}

export interface DemoGalleryImage {
  name: I18nText;
  /** A self-contained SVG document (viewBox 0 0 1600 1000, no external references). */
  svg: string;
}

export interface DemoService {
  /** Stable opaque id, [A-Za-z0-9]+ (no '-'), so the seed can run again without duplicating. */
  id: string;
  category: 'captcha' | 'address' | 'data';
  name: I18nText;
  /** Plain text, one or two sentences (cards cut it at 90 characters). */
  descriptionShort: I18nText;
  /** Small HTML subset: p, h3, ul, ol, li, strong, em, code, a[href]. */
  description: I18nText;
  accounting: Accounting;
  /** Euro cents. */
  pricePer1000Calls: number;
  monthlyFee: number;
  singlePayment: number;
  demoHref: string | null;
  dataCopyright: string | null;
  /** ISO date YYYY-MM-DD. */
  dataLastUpdate: string | null;
  /** 'html' or 'javascript': the language of the integration snippet. */
  jsServiceCodeType: 'html' | 'javascript';
  /** Integration snippet; `{{licenceKey}}` is replaced with the licence's public key. */
  jsServiceCodeTemplate: string;
  /** PHP backend snippet with `{{licenceKey}}`, or null when the service needs no backend call. */
  serviceCodeBackendTemplate: string | null;
  /** Settings form of a licence, or null when the service has no settings. */
  form: DemoFormSection[] | null;
  /** Square SVG logo (viewBox 0 0 256 256). */
  logoSvg: string;
  /** Thumbnail for the card (viewBox 0 0 800 450). */
  thumbnailSvg: string;
  gallery: DemoGalleryImage[];
}

export interface DemoPricePackage {
  id: string;
  name: I18nText;
  description: I18nText;
  /** SVG illustration (viewBox 0 0 256 256). */
  imgSvg: string;
  /** Net monthly price in euro cents (the field keeps the API's name). */
  bruttoMonatlich: number;
  /** Calls included per month. */
  calls: number;
  sortOrder: number;
}

export interface DemoLegalPage {
  /** Internal name used in the route /rechtliches/{interner_name}. */
  internerName: 'impressum' | 'datenschutz' | 'agb';
  title: I18nText;
  /** HTML: h2, h3, p, ul, ol, li, strong, em, a[href], address, br. */
  html: I18nText;
}
