import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { routePaths } from '@/config/paths';
import type { Namespace } from '@/lib/i18n-namespaces';
import type { RouteDataLoader } from '@/lib/route-loader';
import { ServiceOverviewRoute } from '@/features/catalogue/routes/service-overview';
import { RouteError, RootError } from './layout/route-error';
import { RootLayout, type ScreenHandle } from './layout/root-layout';
import { onDemand } from './load-on-demand';
import { PageFallback } from './layout/page-fallback';
import { preloadLoader, redirectLoader, type PreloadDependencies } from './preload';

/**
 * Every route of the app as data: path, translation namespaces, lazy screen, lazy data preload.
 * Screens and their loaders live in the features (one module per route, imported on first
 * visit), so the first load carries only the shell.
 */
interface ScreenRoute {
  id: string;
  path?: string;
  index?: true;
  /** Loaded in the current language before entry (the start namespaces are always there). */
  namespaces: readonly Namespace[];
  screen: () => Promise<ComponentType>;
  /** The data the screen needs before entry; absent where it needs none. */
  data?: () => Promise<RouteDataLoader>;
  /** Shows the signed-in user's data: entered signed out, the login modal opens (see preload.ts). */
  signIn?: true;
  /** Uses the full width of the window (the admin console's side navigation and wide tables). */
  wide?: true;
  /**
   * A public page the server answers rendered, in the language of the address
   * (docs/performance.md#public-pages-rendered-on-the-server); other screens render in the browser.
   */
  ssr?: true;
  children?: readonly AppRoute[];
}

interface RedirectRoute {
  id: string;
  path?: string;
  index?: true;
  redirectTo: string;
}

type AppRoute = ScreenRoute | RedirectRoute;

// Lazy screens are imported through one chunk, app/on-demand.ts, which holds the lists of what
// each of them needs (docs/performance.md#first-load-javascript).
const catalogueDetail = () => onDemand().then((m) => m.catalogueDetail());
const apiReference = () => onDemand().then((m) => m.apiReference());
const projectDetail = () => onDemand().then((m) => m.projectDetail());
const licenceDetail = () => onDemand().then((m) => m.licenceDetail());
const priceOverview = () => onDemand().then((m) => m.priceOverview());
const legalPage = () => onDemand().then((m) => m.legalPage());
const adminReport = () => onDemand().then((m) => m.adminReport());
const adminCustomers = () => onDemand().then((m) => m.adminCustomers());
const adminCustomer = () => onDemand().then((m) => m.adminCustomer());
const adminAudit = () => onDemand().then((m) => m.adminAudit());
const adminBilling = () => onDemand().then((m) => m.adminBilling());
const adminServices = () => onDemand().then((m) => m.adminServices());
const adminServiceEdit = () => onDemand().then((m) => m.adminServiceEdit());
const adminPrices = () => onDemand().then((m) => m.adminPrices());
const adminLegal = () => onDemand().then((m) => m.adminLegal());
const adminTexts = () => onDemand().then((m) => m.adminTexts());
const adminContact = () => onDemand().then((m) => m.adminContact());
const projectsOverview = () => onDemand().then((m) => m.projectsOverview());
const signup = () => onDemand().then((m) => m.signup());
const forgotPassword = () => onDemand().then((m) => m.forgotPassword());
const verifyEmail = () => onDemand().then((m) => m.verifyEmail());
const resetPassword = () => onDemand().then((m) => m.resetPassword());

export const appRoutes: readonly AppRoute[] = [
  { id: 'home', index: true, redirectTo: routePaths.services },
  {
    id: 'services',
    path: routePaths.services,
    namespaces: ['ServiceOverview'],
    // The landing screen is part of the first-load chunk (no second round trip before it shows).
    screen: () => Promise.resolve(ServiceOverviewRoute),
    ssr: true,
  },
  {
    id: 'service',
    path: routePaths.service,
    namespaces: ['ServiceDetail', 'Billing'],
    screen: () => catalogueDetail().then((m) => m.ServiceDetailRoute),
    data: () => catalogueDetail().then((m) => m.serviceDetailLoader),
    ssr: true,
  },
  {
    id: 'service-api',
    path: routePaths.serviceApi,
    namespaces: ['ServiceDetail', 'ApiReference'],
    screen: () => apiReference().then((m) => m.ApiReferenceRoute),
    data: () => apiReference().then((m) => m.apiReferenceLoader),
    ssr: true,
  },
  {
    id: 'projects',
    path: routePaths.projects,
    namespaces: ['Projects', 'Sharing'],
    screen: () => projectsOverview().then((m) => m.ProjectsRoute),
    data: () => projectsOverview().then((m) => m.projectsLoader),
    signIn: true,
  },
  {
    id: 'project',
    path: routePaths.project,
    // Projects: the project form (create and settings) shares its texts.
    namespaces: ['ProjectDetail', 'Projects', 'Sharing', 'Billing'],
    screen: () => projectDetail().then((m) => m.ProjectDetailRoute),
    data: () => projectDetail().then((m) => m.projectDetailLoader),
    signIn: true,
    children: [
      {
        id: 'project-main',
        index: true,
        namespaces: [],
        screen: () =>
          onDemand()
            .then((s) => s.projectMain())
            .then((m) => m.ProjectMainRoute),
      },
      {
        id: 'licence',
        path: routePaths.licence,
        namespaces: ['Licence'],
        screen: () => licenceDetail().then((m) => m.LicenceDetailRoute),
        data: () => licenceDetail().then((m) => m.licenceDetailLoader),
      },
    ],
  },
  {
    id: 'price',
    path: routePaths.price,
    namespaces: ['Price'],
    screen: () => priceOverview().then((m) => m.PriceOverviewRoute),
    data: () => priceOverview().then((m) => m.priceOverviewLoader),
    ssr: true,
  },
  {
    id: 'profile',
    path: routePaths.profile,
    namespaces: ['Profile', 'Billing'],
    screen: () =>
      onDemand()
        .then((s) => s.profile())
        .then((m) => m.ProfileRoute),
    signIn: true,
  },
  {
    id: 'legal',
    path: routePaths.legal,
    namespaces: ['Legal'],
    screen: () => legalPage().then((m) => m.LegalPageRoute),
    data: () => legalPage().then((m) => m.legalPageLoader),
    ssr: true,
  },
  {
    // The admin console: a frame with the side navigation, one child per area. An area is one
    // child here and one entry in features/admin/admin-nav.ts (docs/admin.md#the-console).
    id: 'admin',
    path: routePaths.admin,
    namespaces: ['Admin'],
    screen: () =>
      onDemand()
        .then((s) => s.adminShell())
        .then((m) => m.AdminShellRoute),
    signIn: true,
    wide: true,
    children: [
      {
        id: 'admin-report',
        index: true,
        namespaces: [],
        screen: () => adminReport().then((m) => m.AdminReportRoute),
        data: () => adminReport().then((m) => m.adminReportLoader),
      },
      {
        id: 'admin-customers',
        path: routePaths.adminCustomers,
        namespaces: ['AdminCustomers'],
        screen: () => adminCustomers().then((m) => m.AdminCustomersRoute),
        data: () => adminCustomers().then((m) => m.adminCustomersLoader),
      },
      {
        id: 'admin-customer',
        path: routePaths.adminCustomer,
        namespaces: ['AdminCustomers', 'Billing'],
        screen: () => adminCustomer().then((m) => m.AdminCustomerRoute),
        data: () => adminCustomer().then((m) => m.adminCustomerLoader),
      },
      {
        id: 'admin-services',
        path: routePaths.adminServices,
        namespaces: ['AdminServices'],
        screen: () => adminServices().then((m) => m.AdminServicesRoute),
        data: () => adminServices().then((m) => m.adminServicesLoader),
      },
      {
        id: 'admin-service-new',
        path: routePaths.adminServiceNew,
        namespaces: ['AdminServices'],
        screen: () => adminServiceEdit().then((m) => m.AdminServiceNewRoute),
      },
      {
        id: 'admin-service',
        path: routePaths.adminService,
        namespaces: ['AdminServices'],
        screen: () => adminServiceEdit().then((m) => m.AdminServiceEditRoute),
        data: () => adminServiceEdit().then((m) => m.adminServiceLoader),
      },
      {
        id: 'admin-prices',
        path: routePaths.adminPrices,
        namespaces: ['AdminContent'],
        screen: () => adminPrices().then((m) => m.AdminPricesRoute),
        data: () => adminPrices().then((m) => m.adminPricesLoader),
      },
      {
        id: 'admin-legal',
        path: routePaths.adminLegal,
        namespaces: ['AdminContent'],
        screen: () => adminLegal().then((m) => m.AdminLegalRoute),
        data: () => adminLegal().then((m) => m.adminLegalLoader),
      },
      {
        id: 'admin-texts',
        path: routePaths.adminTexts,
        namespaces: ['AdminContent'],
        screen: () => adminTexts().then((m) => m.AdminTextsRoute),
        data: () => adminTexts().then((m) => m.adminTextsLoader),
      },
      {
        id: 'admin-contact',
        path: routePaths.adminContact,
        namespaces: ['AdminContent'],
        screen: () => adminContact().then((m) => m.AdminContactRoute),
        data: () => adminContact().then((m) => m.adminContactLoader),
      },
      {
        id: 'admin-audit',
        path: routePaths.adminAudit,
        namespaces: ['AdminAudit'],
        screen: () => adminAudit().then((m) => m.AdminAuditRoute),
        data: () => adminAudit().then((m) => m.adminAuditLoader),
      },
      {
        id: 'admin-billing',
        path: routePaths.adminBilling,
        namespaces: ['Billing'],
        screen: () => adminBilling().then((m) => m.AdminBillingRoute),
        data: () => adminBilling().then((m) => m.adminBillingLoader),
      },
    ],
  },
  {
    id: 'signup',
    path: routePaths.signup,
    namespaces: ['Account'],
    screen: () => signup().then((m) => m.SignupRoute),
  },
  {
    id: 'forgot-password',
    path: routePaths.forgotPassword,
    namespaces: ['Account'],
    screen: () => forgotPassword().then((m) => m.ForgotPasswordRoute),
  },
  {
    id: 'verify-email',
    path: routePaths.verifyEmail,
    namespaces: ['Account'],
    screen: () => verifyEmail().then((m) => m.VerifyEmailRoute),
  },
  {
    id: 'reset-password',
    path: routePaths.resetPassword,
    namespaces: ['Account'],
    screen: () => resetPassword().then((m) => m.ResetPasswordRoute),
  },
  {
    id: 'not-found',
    path: routePaths.notFound,
    namespaces: ['NotFound'],
    screen: () =>
      onDemand()
        .then((s) => s.notFound())
        .then((m) => m.NotFoundRoute),
    ssr: true,
  },
  { id: 'unknown', path: '*', redirectTo: routePaths.notFound },
];

/** Screens already loaded, by route id: the router renders them at once instead of lazily. */
type LoadedScreens = ReadonlyMap<string, ComponentType>;

function toRouteObject(route: AppRoute, deps: PreloadDependencies, screens: LoadedScreens): RouteObject {
  const place = route.index ? { index: true as const } : { path: route.path };
  if ('redirectTo' in route) {
    // element: null says "renders nothing" (the loader always redirects); without it React
    // Router warns on every such match that the leaf route has no element.
    return { id: route.id, ...place, loader: redirectLoader(deps, route.redirectTo), element: null };
  }
  return {
    id: route.id,
    ...place,
    handle: { namespaces: route.namespaces, signIn: route.signIn, wide: route.wide } satisfies ScreenHandle,
    loader: preloadLoader(deps, route),
    ...(screens.has(route.id) ? { Component: screens.get(route.id) } : { lazy: { Component: route.screen } }),
    children: route.children?.map((child) => toRouteObject(child, deps, screens)),
  } as RouteObject;
}

export function createRoutes(deps: PreloadDependencies, screens: LoadedScreens = new Map()): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootError />,
      children: [
        {
          // Pathless: errors and the first-load fallback render inside the shell.
          id: 'screens',
          errorElement: <RouteError />,
          hydrateFallbackElement: <PageFallback />,
          children: appRoutes.map((route) => toRouteObject(route, deps, screens)),
        },
      ],
    },
  ];
}

/** The namespaces of the routes matching `pathname`, to fetch them with the start namespaces. */
export function namespacesFor(pathname: string): Namespace[] {
  const matches = matchRoutes(appRoutes as unknown as RouteObject[], pathname) ?? [];
  return matches.flatMap(({ route }) =>
    'namespaces' in route ? [...(route as ScreenRoute).namespaces] : [],
  );
}

/**
 * How the server answers `pathname`: a public page it renders (with the ids of the matched
 * routes), a forward, an unknown address (the not-found page), or the app's shell.
 */
export function serverRendering(
  pathname: string,
):
  | { kind: 'page'; screens: ScreenRoute[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'shell' } {
  const matches = matchRoutes(appRoutes as unknown as RouteObject[], pathname) ?? [];
  const routes = matches.map(({ route }) => route as unknown as AppRoute);
  const leaf = routes.at(-1);
  if (!leaf) return { kind: 'notFound' };
  if ('redirectTo' in leaf)
    return leaf.path === '*' ? { kind: 'notFound' } : { kind: 'redirect', to: leaf.redirectTo };
  const screens = routes.filter((route): route is ScreenRoute => 'screen' in route);
  return screens.every((route) => route.ssr) ? { kind: 'page', screens } : { kind: 'shell' };
}

/** The screens of the routes matching `pathname`, loaded: a server-rendered page hydrates with them. */
export async function loadScreens(screens: readonly ScreenRoute[]): Promise<LoadedScreens> {
  return new Map(await Promise.all(screens.map(async (route) => [route.id, await route.screen()] as const)));
}

export function createAppRouter(
  deps: Omit<PreloadDependencies, 'router'>,
  rendered?: { screens: LoadedScreens; hydrationData: HydrationState },
) {
  // Loaders reach the router through this holder: it exists only after createBrowserRouter
  // returns, and the first navigation's loaders may already be running then.
  const holder: { router?: AppRouter } = {};
  holder.router = createBrowserRouter(
    createRoutes({ ...deps, router: () => holder.router }, rendered?.screens),
    {
      ...(rendered ? { hydrationData: rendered.hydrationData } : {}),
    },
  );
  return holder.router;
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;
