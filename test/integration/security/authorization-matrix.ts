// The authorization matrix of the whole API: one row per Query, Mutation and Subscription field of
// lib/schema.graphql, saying what each of the seven callers gets. The guard
// (authorization-matrix.test.ts) fails when an operation of the schema has no row, when a row
// lacks one of the seven callers, or names an operation the schema does not have; it then
// exercises the rows it owns against the local stack and checks the others' pointers.
//
// ADDING A ROW (one entry per operation, keyed "Type.field"):
//
//   'Mutation.createInvoice': {
//     expected: STAFF_ONLY,                       // or spell out all seven callers
//     exercisedBy: 'test/integration/billing/matrix.test.ts',
//   },
//
// `exercisedBy` names the per-domain matrix test that runs the operation for all seven callers
// (the file must mention the operation by name). Without one, give `document` and `variables`
// and the guard runs it itself:
//
//   'Query.lgas': { expected: EVERYONE, document: 'query { lgas { code } }' },
//   'Query.lga': { expected: EVERYONE, document: 'query($c: ID!) { lga(code: $c) { code } }', variables: (caller) => ({ c: lgaOf(caller) }) },
//
// The callers: anonymous (API key only), resident, staffNoRole (Forbes staff without the role
// the operation needs), staff (Forbes staff with every role), otherLgaStaff (Parkes staff),
// exCustomer (staff of Weddin, whose subscription was cancelled; they act on Weddin), admin.
// Outcomes are 'ok' or the GraphQL errorType the caller must get.

export const CALLERS = ['anonymous', 'resident', 'staffNoRole', 'staff', 'otherLgaStaff', 'exCustomer', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = 'ok' | 'Unauthorized' | 'Forbidden' | 'PaymentRequired' | 'NotFound' | 'Conflict';

export interface MatrixRow {
  expected: Record<Caller, Outcome>;
  /** The per-domain test that exercises this row for every caller. */
  exercisedBy?: string;
  /** Otherwise the guard runs it: the document ... */
  document?: string;
  /** ... and its variables for one caller. */
  variables?: (caller: Caller) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Why the outcomes are what they are, when it is not obvious. */
  note?: string;
}

const row = (ok: readonly Caller[], otherwise: Outcome, overrides: Partial<Record<Caller, Outcome>> = {}) =>
  Object.fromEntries(CALLERS.map((c) => [c, overrides[c] ?? (ok.includes(c) ? 'ok' : otherwise)])) as Record<Caller, Outcome>;

/** Public: the API key is enough. */
export const EVERYONE = row(CALLERS, 'ok');
/** Any signed-in user, on their own data. */
export const SIGNED_IN = row(CALLERS.filter((c) => c !== 'anonymous'), 'Unauthorized');
/** Staff with the role in the LGA and a paying customer, or an admin. */
export const STAFF_ONLY = row(['staff', 'admin'], 'Forbidden', { anonymous: 'Unauthorized', exCustomer: 'PaymentRequired' });
/** Account management works for ex-customers too (they can still manage their staff). */
export const ACCOUNT_MANAGERS = row(['staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' });
export const ADMIN_ONLY = row(['admin'], 'Forbidden', { anonymous: 'Unauthorized' });
/** Signed-in callers pass authorization and meet a record that does not exist. */
const SIGNED_IN_NOT_FOUND = row([], 'NotFound', { anonymous: 'Unauthorized' });

export const FORBES = '12900';
export const WEDDIN = '18100';
const lgaOf = (caller: Caller) => (caller === 'exCustomer' ? WEDDIN : FORBES);

const CLOSURES = 'test/integration/closures/authorization.test.ts';
const REPORTS = 'test/integration/reports/authorization.test.ts';
const IDENTITY = 'test/integration/identity/matrix.test.ts';
const NOTIFICATIONS = 'test/integration/notifications/matrix.test.ts';
const DIRECTIONS = 'test/integration/directions/authorization.test.ts';
const MEDIA = 'test/integration/closures/media.test.ts';
const ANNOUNCEMENTS = 'test/integration/announcements/authorization.test.ts';
const ADMIN = 'test/integration/admin/admin-api.test.ts';
const BILLING = 'test/integration/billing/journey.test.ts';
const BILLING_CALLERS = 'test/integration/billing/authorization.test.ts';
const COMMS = 'test/integration/comms/comms.test.ts';

export const MATRIX: Record<string, MatrixRow> = {
  // --- foundation ---
  'Query.me': { expected: SIGNED_IN, document: 'query { me { uid admin } }' },
  'Query.lgas': { expected: EVERYONE, document: 'query { lgas { code } }' },
  'Query.lga': { expected: EVERYONE, document: 'query($c: ID!) { lga(code: $c) { code } }', variables: (caller) => ({ c: lgaOf(caller) }) },
  'Query.lgaClosureSummary': {
    expected: EVERYONE,
    document: 'query($c: String!) { lgaClosureSummary(lgaCode: $c) { lgaCode active } }',
    variables: (caller) => ({ c: lgaOf(caller) }),
    note: 'public counts of the map: the same for every caller',
  },
  'Query.lgaDataImport': { expected: EVERYONE, document: 'query { lgaDataImport { lgaCount } }' },
  'Mutation.submitEnquiry': {
    expected: EVERYONE,
    document: 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }',
    variables: (caller) => ({ i: { name: `Matrix ${caller}`, email: 'matrix@shire.example', message: 'Authorization matrix' } }),
  },
  'Mutation.reportClientError': {
    expected: EVERYONE,
    document: 'mutation($i: ClientErrorInput!) { reportClientError(input: $i) }',
    variables: () => ({ i: { message: 'Authorization matrix' } }),
  },
  'Subscription.onEnquirySubmitted': { expected: ADMIN_ONLY, exercisedBy: 'test/integration/realtime.test.ts', note: 'refused at subscribe time over the realtime protocol' },

  // --- identity ---
  'Query.myProfile': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Query.myAccessRequests': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Query.accessRequests': { expected: ACCOUNT_MANAGERS, exercisedBy: IDENTITY },
  'Query.managers': { expected: ACCOUNT_MANAGERS, exercisedBy: IDENTITY },
  'Query.lgaRequest': { expected: EVERYONE, exercisedBy: IDENTITY },
  'Mutation.updateProfile': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Mutation.acceptTerms': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Mutation.refreshMfaStatus': {
    expected: SIGNED_IN,
    document: 'mutation { refreshMfaStatus { totpEnrolled admin enforced } }',
    note: 'reads the caller\'s own user-pool account only (the username comes from the token)',
  },
  'Mutation.deleteAccount': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Mutation.requestLgaAccess': {
    expected: row(['admin'], 'Forbidden', { anonymous: 'Unauthorized', staffNoRole: 'Conflict', staff: 'Conflict', exCustomer: 'Conflict' }),
    exercisedBy: IDENTITY,
    note: 'needs the managed claim; staff of the LGA already have access (Conflict)',
  },
  'Mutation.respondToAccessRequest': { expected: ACCOUNT_MANAGERS, exercisedBy: IDENTITY },
  'Mutation.setManager': { expected: ACCOUNT_MANAGERS, exercisedBy: IDENTITY },
  'Mutation.removeManager': { expected: ACCOUNT_MANAGERS, exercisedBy: IDENTITY },
  'Mutation.signLgaRequest': { expected: SIGNED_IN, exercisedBy: IDENTITY },
  'Mutation.demoSetActivePersona': { expected: row([], 'Forbidden'), exercisedBy: IDENTITY, note: 'outside demo mode nobody may' },

  // --- closures and media ---
  'Query.closuresInBounds': { expected: EVERYONE, exercisedBy: CLOSURES },
  'Query.closure': { expected: EVERYONE, exercisedBy: CLOSURES, note: 'deleted and archived closures only for the LGA staff' },
  'Query.closuresByLga': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Query.closureActivities': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Query.dashboard': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Query.snapToRoads': { expected: SIGNED_IN, exercisedBy: CLOSURES },
  'Query.reverseGeocode': { expected: EVERYONE, exercisedBy: CLOSURES },
  'Query.media': { expected: row(['resident', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }), exercisedBy: MEDIA, note: "the uploader (here the resident's upload) or an admin" },
  'Mutation.createClosure': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.updateClosure': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.reopenClosure': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.deleteClosure': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.restoreClosure': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.deleteClosureRegion': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.attachClosureMedia': { expected: STAFF_ONLY, exercisedBy: CLOSURES, note: 'and only own uploads or photos published in the LGA (security/media-ownership.test.ts)' },
  'Mutation.detachClosureMedia': { expected: STAFF_ONLY, exercisedBy: CLOSURES },
  'Mutation.createMediaUpload': { expected: SIGNED_IN, exercisedBy: CLOSURES, note: 'for a closure: STAFF_ONLY' },
  'Mutation.removeMedia': { expected: row(['resident', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }), exercisedBy: MEDIA, note: 'the uploader or an admin' },
  'Subscription.onClosureChanged': { expected: EVERYONE, exercisedBy: 'test/integration/closures/realtime.test.ts' },

  // --- directions ---
  'Query.directions': { expected: EVERYONE, exercisedBy: DIRECTIONS },
  'Query.searchPlaces': { expected: EVERYONE, exercisedBy: DIRECTIONS },

  // --- reports ---
  'Query.myReports': { expected: SIGNED_IN, exercisedBy: REPORTS },
  'Query.report': { expected: row(['resident', 'staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }), exercisedBy: REPORTS, note: 'the author, moderators of its LGA, admins' },
  'Query.reportsByLga': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Query.reportClusters': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Query.reportCluster': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Query.pendingClustersCard': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Query.nearbyForReport': { expected: EVERYONE, exercisedBy: REPORTS },
  'Mutation.submitReport': { expected: SIGNED_IN, exercisedBy: REPORTS },
  'Mutation.retractReport': { expected: row(['resident'], 'Forbidden', { anonymous: 'Unauthorized' }), exercisedBy: REPORTS, note: 'the author only' },
  'Mutation.approveReport': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Mutation.denyReport': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Mutation.approveCluster': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Mutation.rejectCluster': { expected: STAFF_ONLY, exercisedBy: REPORTS },
  'Mutation.updateCluster': { expected: STAFF_ONLY, exercisedBy: REPORTS },

  // --- notifications and subscriptions (own data) ---
  'Query.notifications': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Query.mySubscriptions': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Query.lgaSubscriberCount': { expected: EVERYONE, exercisedBy: NOTIFICATIONS },
  'Query.notificationSettings': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Query.pushPublicKey': { expected: EVERYONE, exercisedBy: NOTIFICATIONS },
  'Mutation.subscribeToClosure': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.unsubscribeFromClosure': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.subscribeToLga': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.unsubscribeFromLga': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.markNotificationRead': { expected: SIGNED_IN_NOT_FOUND, exercisedBy: NOTIFICATIONS },
  'Mutation.markAllNotificationsRead': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.markAllNotificationsSeen': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.markReminderActioned': { expected: SIGNED_IN_NOT_FOUND, exercisedBy: NOTIFICATIONS },
  'Mutation.registerPushSubscription': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.revokePushSubscription': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS },
  'Mutation.updateNotificationSettings': {
    expected: SIGNED_IN,
    document: 'mutation($i: NotificationSettingsInput!) { updateNotificationSettings(input: $i) { closureUpdates { inApp } } }',
    variables: () => {
      const on = { inApp: true, push: false };
      return { i: { closureUpdates: on, lgaUpdates: on, reportOutcomes: on } };
    },
  },
  'Mutation.publishNotification': { expected: row([], 'Unauthorized'), exercisedBy: NOTIFICATIONS, note: 'IAM only: the notification consumer' },
  'Subscription.onNotification': { expected: SIGNED_IN, exercisedBy: NOTIFICATIONS, note: "each caller hears only their own" },

  // --- announcements and unsealed roads ---
  'Query.announcements': { expected: EVERYONE, exercisedBy: ANNOUNCEMENTS, note: 'public: active ones; managers see archived too' },
  'Query.unsealedRoadsStatus': { expected: EVERYONE, exercisedBy: ANNOUNCEMENTS },
  'Mutation.setUnsealedRoadsStatus': { expected: STAFF_ONLY, exercisedBy: ANNOUNCEMENTS },
  'Mutation.archiveAnnouncement': { expected: STAFF_ONLY, exercisedBy: ANNOUNCEMENTS },
  'Mutation.reactivateAnnouncement': { expected: STAFF_ONLY, exercisedBy: ANNOUNCEMENTS },
  'Mutation.deleteAnnouncement': { expected: STAFF_ONLY, exercisedBy: ANNOUNCEMENTS },
  'Mutation.publishAnnouncementChange': {
    expected: row([], 'Unauthorized'),
    document: 'mutation($i: AnnouncementChangeInput!) { publishAnnouncementChange(input: $i) { id } }',
    variables: () => ({ i: { id: 'matrix', lgaCode: FORBES, type: 'unsealed_roads', title: 'x', status: 'active', createdAt: 1, updatedAt: 1, notificationSent: false } }),
    note: 'IAM only: the event consumer',
  },
  'Subscription.onAnnouncementChanged': { expected: EVERYONE, exercisedBy: 'test/integration/announcements/announcements.test.ts' },

  // --- system administration ---
  'Query.adminOverview': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Query.enquiries': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Query.diagnostics': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Query.lgaDataImports': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.markEnquiryHandled': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.replyToEnquiry': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.recordPageView': { expected: EVERYONE, exercisedBy: ADMIN, note: 'anonymous counters, no personal data' },
  'Mutation.createLgaDataUpload': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.publishLgaDataImport': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.rollbackLgaDataImport': { expected: ADMIN_ONLY, exercisedBy: ADMIN },
  'Mutation.generateDemoData': { expected: ADMIN_ONLY, exercisedBy: 'test/integration/admin/genseed.test.ts' },

  // --- billing and customers ---
  'Query.customers': { expected: ADMIN_ONLY, exercisedBy: BILLING },
  'Query.customer': { expected: ACCOUNT_MANAGERS, exercisedBy: BILLING, note: 'admins, or the account managers of the LGA' },
  'Query.checkoutPrice': {
    expected: SIGNED_IN,
    document: 'query($c: String!) { checkoutPrice(lgaCode: $c) { currency } }',
    variables: (caller) => ({ c: lgaOf(caller) }),
  },
  'Query.quote': {
    expected: SIGNED_IN_NOT_FOUND,
    document: 'query { quote(id: "matrix-no-such-quote") { id } }',
    note: 'signed-in users; a quote id that does not decode is NotFound',
  },
  'Mutation.createCheckoutSession': { expected: ACCOUNT_MANAGERS, exercisedBy: BILLING, note: 'also a new customer at the council\'s email domain' },
  'Mutation.updateCustomer': { expected: ADMIN_ONLY, exercisedBy: BILLING },
  'Mutation.createBillingPortalSession': {
    expected: row(['staff', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }),
    exercisedBy: BILLING_CALLERS,
    note: 'account managers of the LGA or admins (hasRole account_manager in the resolver); the ex-customer caller is not an account manager of Weddin',
  },
  'Mutation.cancelSubscription': { expected: ACCOUNT_MANAGERS, exercisedBy: BILLING },
  'Mutation.createQuote': {
    expected: SIGNED_IN,
    document: 'mutation($i: QuoteInput!) { createQuote(input: $i) { id } }',
    variables: () => ({ i: { lgaCode: FORBES } }),
  },
  'Mutation.setOnboardingDiscount': { expected: ADMIN_ONLY, exercisedBy: 'test/integration/billing/onboarding-discount.test.ts' },
  'Mutation.removeOnboardingDiscount': { expected: ADMIN_ONLY, exercisedBy: 'test/integration/billing/onboarding-discount.test.ts' },
  'Mutation.publishCustomerChanged': {
    expected: row([], 'Unauthorized'),
    document: 'mutation($i: CustomerChangeInput!) { publishCustomerChanged(input: $i) { lgaCode } }',
    variables: () => ({ i: { lgaCode: FORBES, subscriptionStatus: 'active', eventType: 'matrix', updatedAt: 1 } }),
    note: 'IAM only: the Stripe webhook',
  },
  'Subscription.onCustomerChanged': {
    expected: row(['staffNoRole', 'staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }),
    exercisedBy: BILLING_CALLERS,
    note: 'admins hear every LGA; others only an LGA they are staff of or whose email domain they hold (filtered at subscribe time)',
  },

  // --- communications ---
  'Query.contentTasks': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Query.contentTask': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Query.embeddedMapVisits': { expected: ADMIN_ONLY, exercisedBy: COMMS },
  'Query.drfaEvidence': { expected: STAFF_ONLY, exercisedBy: COMMS, note: 'closure_administrator or media_comms_manager' },
  'Mutation.createContentTask': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Mutation.generateContentTask': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Mutation.updateContentPost': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Mutation.approveContentTask': { expected: STAFF_ONLY, exercisedBy: COMMS },
  'Mutation.recordEmbedVisit': { expected: EVERYONE, exercisedBy: COMMS },
};
