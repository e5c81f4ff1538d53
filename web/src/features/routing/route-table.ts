import type { Guard, SignedInRedirect } from './guards';

/** Which component renders a route; `placeholder` is the "being built" page with the route's title. */
export type PageId =
  | 'home' | 'login' | 'signUp' | 'logout' | 'dashboard' | 'legal' | 'notFound' | 'init'
  | 'adminHome' | 'placeholder' | 'publicMap' | 'adminMap' | 'staffMap'
  | 'signInLink' | 'welcome' | 'requestAccess' | 'profile' | 'profileMapView' | 'profileNotifications' | 'profileSecurity' | 'lgaAccounts'
  | 'closureList' | 'closureDetail'
  | 'notifications' | 'notificationDetail' | 'subscriptions'
  | 'reportIncident' | 'myReports' | 'reportDetail' | 'reportsList' | 'reportClusters' | 'reportClusterDetail'
  | 'help'
  | 'announcements'
  | 'adminEnquiries' | 'adminDiagnostics' | 'adminLgaManagers' | 'adminLgaData' | 'adminGenseed'
  | 'adminCustomers' | 'customerDetail' | 'onboard' | 'onboardProcessing' | 'onboardSuccess' | 'lgaBilling' | 'quote'
  | 'lgaEmbed' | 'commsTasks' | 'commsTaskDetail' | 'commsIntegration' | 'commsEvidence' | 'embedVisits';

export interface RouteDef {
  path: string;
  title: string;
  guards?: Guard[];
  page?: PageId;
  /** Static redirect; `:params` of the route are carried over. */
  redirect?: string;
  /** `/` only: dashboard for signed-in users, home for everyone else. */
  rootSwitch?: true;
  signedInRedirect?: SignedInRedirect;
}

const staffCustomer: Guard[] = ['auth', 'activeCustomer', 'staff'];

const closureViews: Array<[string, string]> = [
  ['active', 'Active closures'],
  ['archived', 'Archived closures'],
  ['scheduled', 'Scheduled closures'],
  ['deleted', 'Deleted closures'],
  ['recently-opened', 'Recently opened closures'],
  ['reopening-scheduled', 'Closures with reopening scheduled'],
  ['reopening-overdue', 'Closures overdue for reopening'],
  ['stale', 'Stale closures'],
];

export const HELP_TOPICS: Array<[string, string]> = [
  ['introduction', 'Introduction'],
  ['getting-started', 'Getting started'],
  ['navigating', 'Navigating the app'],
  ['subscriptions', 'Subscriptions'],
  ['reporting-incidents', 'Reporting incidents'],
  ['lga-management', 'LGA management'],
  ['closure-administration', 'Closure administration'],
  ['report-moderation', 'Report moderation'],
  ['socials-content-generation', 'Social content generation'],
  ['website-integration', 'Website integration'],
  ['closure-types', 'Closure types'],
  ['road-conditions', 'Road conditions'],
];

export const ADMIN_SECTIONS: Array<{ slug: string; title: string; summary: string; guards: Guard[]; page?: PageId }> = [
  { slug: 'customers', title: 'Customers', summary: 'Councils that subscribe, their status and invoices.', guards: [], page: 'adminCustomers' },
  { slug: 'lga-managers', title: 'LGA managers', summary: 'Staff assigned to each council and their roles.', guards: ['localData'], page: 'adminLgaManagers' },
  { slug: 'lga-data', title: 'LGA data', summary: 'Council boundary imports and their timestamps.', guards: ['localData'], page: 'adminLgaData' },
  { slug: 'enquiries', title: 'Enquiries', summary: 'Messages and feedback sent through the app.', guards: [], page: 'adminEnquiries' },
  { slug: 'embedded-map-visits', title: 'Embedded map visits', summary: 'Visits to council-embedded maps, per council and in total.', guards: ['localData'] },
  { slug: 'diagnostics', title: 'Diagnostics', summary: 'Errors reported by browsers running the app.', guards: [], page: 'adminDiagnostics' },
];

const adminGuards: Guard[] = ['auth', 'admin'];

/** Admin sections that have their page (the rest say "being built"). */
const ADMIN_SECTION_PAGES: Record<string, PageId> = {
  'embedded-map-visits': 'embedVisits',
};

/** The whole of spec §2's route table, flat: every URL the app answers, with its guards. */
export const ROUTES: RouteDef[] = [
  { path: '/', title: 'Road Closures', rootSwitch: true },
  { path: '/home', title: 'Road closures for Australian councils', page: 'home', signedInRedirect: 'dashboard' },
  { path: '/login', title: 'Sign in', page: 'login', signedInRedirect: 'redirectQuery' },
  { path: '/sign-up', title: 'Create an account', page: 'signUp', signedInRedirect: 'redirectQuery' },
  { path: '/signin-link', title: 'Sign in with an email link', page: 'signInLink', signedInRedirect: 'redirectQuery' },
  { path: '/logout', title: 'Signing out', page: 'logout' },
  { path: '/welcome', title: 'Welcome', guards: ['auth', 'localData'], page: 'welcome' },
  { path: '/dashboard', title: 'Dashboard', guards: ['auth'], page: 'dashboard' },
  // Spec §6: non-staff with the managed claim may ask too; the API decides and says why not.
  { path: '/request-access', title: 'Request access to an LGA', guards: ['auth'], page: 'requestAccess' },

  // The closures show at once; the page installs the council boundaries beside them (a first
  // visit does not wait on /init for megabytes of outlines before it can list closures).
  { path: '/map', title: 'Map', page: 'publicMap' },
  { path: '/staff-map', title: 'Staff map', guards: [...staffCustomer, 'localData'], page: 'staffMap' },
  { path: '/lga-embed', title: 'Embedded map', page: 'lgaEmbed' },
  { path: '/admin/map', title: 'Administrator map', guards: [...adminGuards, 'localData'], page: 'adminMap' },
  { path: '/quote/:id', title: 'Quote', guards: ['auth'], page: 'quote' },

  { path: '/reports', title: 'Incident reports', guards: [...staffCustomer, 'role:submission_moderator'], page: 'reportsList' },
  // Visitors see the form's "You need to be logged in" dialog rather than a redirect (spec §5).
  { path: '/report', title: 'Report an incident', page: 'reportIncident' },
  { path: '/my-reports', title: 'My incident reports', guards: ['auth'], page: 'myReports' },
  // "May view report details" depends on the report's author and LGA: the API decides per report.
  { path: '/reports/:reportId', title: 'Incident report', guards: ['auth'], page: 'reportDetail' },
  { path: '/report-clusters', title: 'Report clusters', redirect: '/report-clusters/pending' },
  ...(['pending', 'approved', 'rejected'] as const).map((status): RouteDef => ({
    path: `/report-clusters/${status}`,
    title: `${status[0].toUpperCase()}${status.slice(1)} report clusters`,
    guards: ['auth', 'activeCustomer', 'role:submission_moderator'],
    page: 'reportClusters',
  })),
  { path: '/report-clusters/:clusterId', title: 'Report cluster', guards: ['auth', 'activeCustomer', 'role:submission_moderator'], page: 'reportClusterDetail' },

  { path: '/notifications', title: 'Notifications', guards: ['auth'], page: 'notifications' },
  { path: '/notifications/:id', title: 'Notification', guards: ['auth'], page: 'notificationDetail' },

  { path: '/profile', title: 'User settings', guards: ['auth', 'localData'], page: 'profile' },
  { path: '/profile/map-view', title: 'Map view settings', guards: ['auth', 'localData'], page: 'profileMapView' },
  { path: '/profile/notifications', title: 'Notification settings', guards: ['auth', 'localData'], page: 'profileNotifications' },
  { path: '/profile/security', title: 'Security', guards: ['auth', 'localData'], page: 'profileSecurity' },

  { path: '/subscriptions', title: 'My subscriptions', redirect: '/subscriptions/closures' },
  { path: '/subscriptions/closures', title: 'Closure subscriptions', guards: ['auth'], page: 'subscriptions' },
  { path: '/subscriptions/lgas', title: 'LGA subscriptions', guards: ['auth'], page: 'subscriptions' },

  { path: '/closures', title: 'Closures', redirect: '/closures/active' },
  ...closureViews.map(([view, title]): RouteDef => ({
    path: `/closures/${view}`, title, guards: [...staffCustomer, 'role:closure_administrator'], page: 'closureList',
  })),
  { path: '/closures/:id', title: 'Closure', redirect: '/closures/:id/detail' },
  ...([['detail', 'Closure details'], ['media', 'Closure media'], ['activities', 'Closure activity'], ['works', 'Closure works and costs']] as const).map(
    ([child, title]): RouteDef => ({
      path: `/closures/:id/${child}`, title, guards: [...staffCustomer, 'role:closure_administrator'], page: 'closureDetail',
    }),
  ),

  { path: '/admin', title: 'System Administration', guards: adminGuards, page: 'adminHome' },
  ...ADMIN_SECTIONS.map((section): RouteDef => ({
    path: `/admin/${section.slug}`, title: section.title, guards: [...adminGuards, ...section.guards], page: section.page ?? ADMIN_SECTION_PAGES[section.slug] ?? 'placeholder',
  })),
  { path: '/admin/*', title: 'System Administration', redirect: '/admin/customers' },
  { path: '/customer/:code', title: 'Customer', guards: adminGuards, page: 'customerDetail' },
  { path: '/genseed', title: 'Generate seed data', guards: adminGuards, page: 'adminGenseed' },

  // No active customer needed: account managers must reach billing to become (or stay) a customer.
  { path: '/lga/:code', title: 'User Role Assignment', redirect: '/lga/:code/accounts' },
  { path: '/lga/:code/accounts', title: 'User Role Assignment', guards: ['auth', 'staffOfLga', 'role:account_manager', 'lgaHadSubscription'], page: 'lgaAccounts' },
  { path: '/lga/:code/announcements', title: 'Announcements', guards: ['auth', 'staffOfLga', 'role:announcement_manager', 'lgaHadSubscription'], page: 'announcements' },
  { path: '/lga/:code/billing', title: 'Billing information', guards: ['auth', 'staffOfLga', 'role:account_manager'], page: 'lgaBilling' },

  { path: '/comms', title: 'Communications', redirect: '/comms/tasks' },
  { path: '/comms/tasks', title: 'Social content tasks', guards: [...staffCustomer, 'role:media_comms_manager'], page: 'commsTasks' },
  { path: '/comms/integration', title: 'Website integration', guards: [...staffCustomer, 'role:media_comms_manager'], page: 'commsIntegration' },
  // Media and communications managers or closure administrators: the API decides per LGA.
  // Claim records are kept 7 years: an ex-customer's staff still export them.
  { path: '/comms/evidence', title: 'DRFA evidence export', guards: ['auth', 'staff'], page: 'commsEvidence' },
  { path: '/comms/announcements', title: 'Announcements', guards: [...staffCustomer, 'role:announcement_manager'], page: 'announcements' },
  { path: '/comms/tasks/:taskId', title: 'Social content task', guards: [...staffCustomer, 'role:media_comms_manager'], page: 'commsTaskDetail' },

  { path: '/init', title: 'Preparing council data', page: 'init' },

  { path: '/legal', title: 'Legal & Privacy', redirect: '/legal/terms' },
  { path: '/legal/:document', title: 'Legal & Privacy', page: 'legal' },

  { path: '/help', title: 'Help', redirect: '/help/introduction' },
  ...HELP_TOPICS.map(([slug, title]): RouteDef => ({ path: `/help/${slug}`, title: `Help: ${title}`, page: 'help' })),

  { path: '/onboard', title: 'Council onboarding', guards: ['newCustomer'], page: 'onboard' },
  // The checkout's return address: it waits for Stripe's webhook (the council is not valid yet).
  { path: '/onboard/processing', title: 'Processing your subscription', guards: ['auth'], page: 'onboardProcessing' },
  { path: '/onboard/success', title: 'Welcome aboard', guards: ['newCustomer'], page: 'onboardSuccess' },

  { path: '/404', title: 'Not found', page: 'notFound' },
  { path: '*', title: 'Not found', page: 'notFound' },
];

/** True when opening the route needs a signed-in user (used by /logout to decide where to go). */
export function routeNeedsAuth(def: RouteDef | undefined): boolean {
  return !!def?.guards?.some((g) => g === 'auth' || g === 'staff' || g === 'admin' || g.startsWith('role:'));
}
