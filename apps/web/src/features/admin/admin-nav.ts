import type { LucideIcon } from 'lucide-react';
import { BarChart3, History, Inbox, Languages, LayoutGrid, Receipt, Scale, Tags, Users } from 'lucide-react';
import { paths } from '@/config/paths';

/**
 * The side navigation of the admin console (docs/admin.md#the-console). An area is one entry
 * here and one child of the `admin` route in app/router.tsx; list only areas whose screen
 * exists. Keep this order: Report, Customers, Services, Prices, Billing, Legal, Texts, Contact, Audit.
 * The labels are texts of the `Admin` namespace (nav…).
 */
export interface AdminNavEntry {
  id: string;
  to: string;
  label:
    | 'navReport'
    | 'navCustomers'
    | 'navServices'
    | 'navPrices'
    | 'navBilling'
    | 'navLegal'
    | 'navTexts'
    | 'navContact'
    | 'navAudit';
  icon: LucideIcon;
  /** Active only on exactly this path (the report at /admin is the parent of every area). */
  end?: true;
}

export const adminNav: readonly AdminNavEntry[] = [
  { id: 'report', to: paths.admin(), label: 'navReport', icon: BarChart3, end: true },
  { id: 'customers', to: paths.adminCustomers(), label: 'navCustomers', icon: Users },
  { id: 'services', to: paths.adminServices(), label: 'navServices', icon: LayoutGrid },
  { id: 'prices', to: paths.adminPrices(), label: 'navPrices', icon: Tags },
  { id: 'billing', to: paths.adminBilling(), label: 'navBilling', icon: Receipt },
  { id: 'legal', to: paths.adminLegal(), label: 'navLegal', icon: Scale },
  { id: 'texts', to: paths.adminTexts(), label: 'navTexts', icon: Languages },
  { id: 'contact', to: paths.adminContact(), label: 'navContact', icon: Inbox },
  { id: 'audit', to: paths.adminAudit(), label: 'navAudit', icon: History },
];
