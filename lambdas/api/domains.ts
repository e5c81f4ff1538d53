// Which Lambda serves which GraphQL field. One Lambda per domain (Powertools' resolver-router
// model). The CDK API construct and the local AppSync both read this map, so a field is wired
// the same way in AWS and on a laptop.
export interface ApiDomain {
  /** Handler module, relative to the project root; it exports `handler`. */
  entry: string;
  fields: { Query?: string[]; Mutation?: string[]; Subscription?: string[] };
  /** Extra memory or time for heavy domains (road engine). */
  memorySize?: number;
  timeoutSeconds?: number;
  /** Loads the road engine: the localities ship inside the bundle, the graph is fetched from S3 on a cold start. */
  roadEngine?: boolean;
  /** Finds the LGA of a point: the LGA boundaries ship inside the bundle. */
  lgaBoundaries?: boolean;
}

/** The LGA boundaries file a point-in-LGA Lambda carries (lambdas/core/lga-locate.ts). */
export const LGA_BOUNDARY_FILES = {
  files: ['data/lga/australia-lga.geojson'],
  environment: { LGA_BOUNDARIES_PATH: '/var/task/australia-lga.geojson' },
} as const;

/**
 * Files a road-engine Lambda carries, and where the engine finds them in /var/task. The road
 * graph is not one of them: it is an S3 object of its own (ROAD_GRAPH_FILE), fetched into /tmp
 * on a cold start (lambdas/adapters/platform/road-graph-file.ts), because a state-scale graph
 * outgrows a Lambda's deployment package.
 */
export const ROAD_ENGINE_FILES = {
  files: ['data/places/nsw-localities.geojson'],
  environment: { LOCALITIES_PATH: '/var/task/nsw-localities.geojson' },
} as const;

/** The road graph deployed by default (the shipped NSW major roads); `-c roadGraph=FILE` deploys another. */
export const ROAD_GRAPH_FILE = 'data/roads/build/nsw.roadgraph';

export const apiDomains: Record<string, ApiDomain> = {
  foundation: {
    entry: 'lambdas/api/foundation/handler.ts',
    fields: {
      Query: ['me', 'lgas', 'lga', 'lgaDataImport'],
      Mutation: ['submitEnquiry', 'reportClientError'],
      Subscription: ['onEnquirySubmitted'],
    },
  },
  identity: {
    entry: 'lambdas/api/identity/handler.ts',
    fields: {
      Query: ['myProfile', 'myAccessRequests', 'accessRequests', 'managers', 'lgaRequest'],
      Mutation: [
        'updateProfile',
        'acceptTerms',
        'deleteAccount',
        'requestLgaAccess',
        'respondToAccessRequest',
        'setManager',
        'removeManager',
        'signLgaRequest',
        'demoSetActivePersona',
        // Security screen: the authenticator app (TOTP) as the user pool has it.
        'refreshMfaStatus',
      ],
    },
  },
  closures: {
    entry: 'lambdas/api/closures/handler.ts',
    fields: {
      Query: ['closuresInBounds', 'closure', 'closuresByLga', 'closureActivities', 'dashboard', 'snapToRoads', 'reverseGeocode', 'lgaClosureSummary'],
      Mutation: [
        'createClosure',
        'updateClosure',
        'reopenClosure',
        'deleteClosure',
        'restoreClosure',
        'deleteClosureRegion',
        'attachClosureMedia',
        'detachClosureMedia',
      ],
    },
    // The road engine (NSW graph) is loaded once per container.
    memorySize: 1024,
    timeoutSeconds: 15,
    roadEngine: true,
    // A closure's roads must lie within its LGA's boundary.
    lgaBoundaries: true,
  },
  reports: {
    entry: 'lambdas/api/reports/handler.ts',
    fields: {
      Query: ['myReports', 'report', 'reportsByLga', 'reportClusters', 'reportCluster', 'pendingClustersCard', 'nearbyForReport'],
      Mutation: ['submitReport', 'retractReport', 'approveReport', 'denyReport', 'approveCluster', 'rejectCluster', 'updateCluster'],
    },
    // Addresses and closure regions come from the road engine; the LGA boundaries are parsed once.
    memorySize: 1024,
    timeoutSeconds: 15,
    roadEngine: true,
    lgaBoundaries: true,
  },
  media: {
    entry: 'lambdas/api/closures/media-handler.ts',
    fields: { Query: ['media'], Mutation: ['createMediaUpload', 'removeMedia'] },
  },
  notifications: {
    entry: 'lambdas/api/notifications/handler.ts',
    fields: {
      Query: ['notifications', 'mySubscriptions', 'lgaSubscriberCount', 'notificationSettings', 'pushPublicKey', 'alertChannels', 'smsSpending', 'watchZones'],
      Mutation: [
        'subscribeToClosure',
        'unsubscribeFromClosure',
        'subscribeToLga',
        'unsubscribeFromLga',
        'markNotificationRead',
        'markAllNotificationsRead',
        'markAllNotificationsSeen',
        'markReminderActioned',
        'registerPushSubscription',
        'revokePushSubscription',
        'updateNotificationSettings',
        'publishNotification',
        // Alerts by email: per-subscription channels and the address's state.
        'setSubscriptionChannels',
        'resumeAlertEmail',
        // Alerts by text: the caller's mobile, and a council's monthly cap (administrators).
        'requestMobileCode',
        'verifyMobile',
        'removeMobile',
        'setSmsSpendingCap',
        // Watch zones: areas a person draws on the map.
        'saveWatchZone',
        'deleteWatchZone',
      ],
      Subscription: ['onNotification'],
    },
  },
  directions: {
    entry: 'lambdas/api/directions/handler.ts',
    fields: { Query: ['directions', 'searchPlaces'] },
    // Routes on the NSW graph (loaded once per container) and searches the localities.
    memorySize: 1024,
    timeoutSeconds: 15,
    roadEngine: true,
    // A vehicle's route looks up the LGA of each unsealed road it would use.
    lgaBoundaries: true,
  },
  // Saved trips: routed when saved (the cells of their routes index them), so the road engine too.
  trips: {
    entry: 'lambdas/api/trips/handler.ts',
    fields: { Query: ['savedTrips'], Mutation: ['saveTrip', 'deleteSavedTrip', 'setSavedTripChannels'] },
    memorySize: 1024,
    timeoutSeconds: 15,
    roadEngine: true,
    lgaBoundaries: true,
  },
  announcements: {
    entry: 'lambdas/api/announcements/handler.ts',
    fields: {
      Query: ['announcements', 'unsealedRoadsStatus'],
      Mutation: ['setUnsealedRoadsStatus', 'archiveAnnouncement', 'reactivateAnnouncement', 'deleteAnnouncement', 'publishAnnouncementChange'],
      Subscription: ['onAnnouncementChanged'],
    },
  },
  admin: {
    entry: 'lambdas/api/admin/handler.ts',
    fields: {
      Query: ['adminOverview', 'enquiries', 'diagnostics', 'lgaDataImports'],
      Mutation: ['markEnquiryHandled', 'replyToEnquiry', 'recordPageView', 'createLgaDataUpload', 'publishLgaDataImport', 'rollbackLgaDataImport'],
    },
    // Validating an uploaded LGA GeoJSON (up to 50 MB) parses it whole.
    memorySize: 1536,
    timeoutSeconds: 60,
  },
  genseed: {
    entry: 'lambdas/api/genseed/handler.ts',
    fields: { Mutation: ['generateDemoData'] },
    // Places closures on the LGA's real roads (road engine) inside its boundary.
    memorySize: 1024,
    timeoutSeconds: 120,
    roadEngine: true,
    lgaBoundaries: true,
  },
  billing: {
    entry: 'lambdas/api/billing/handler.ts',
    fields: {
      Query: ['customers', 'customer', 'checkoutPrice', 'quote'],
      Mutation: [
        'createCheckoutSession', 'updateCustomer', 'createBillingPortalSession', 'cancelSubscription', 'createQuote', 'publishCustomerChanged',
        'setOnboardingDiscount', 'removeOnboardingDiscount',
      ],
      Subscription: ['onCustomerChanged'],
    },
    // Calls Stripe (every API function has the Stripe secret's ARN; see lib/api.ts).
    timeoutSeconds: 15,
  },
  // Communications: social content tasks, embedded-map visits, the DRFA evidence export and the disaster events it is claimed by.
  comms: {
    entry: 'lambdas/api/comms/handler.ts',
    fields: {
      Query: ['contentTasks', 'contentTask', 'embeddedMapVisits', 'drfaEvidence', 'disasterEvents', 'closurePhotos', 'drfaPhotoArchive', 'closureWorks', 'claimPack'],
      Mutation: ['createContentTask', 'generateContentTask', 'updateContentPost', 'approveContentTask', 'recordEmbedVisit', 'saveDisasterEvent', 'tagEventClosures', 'setPhotoStage',
        'saveRoadSegment', 'saveWorkEntry', 'deleteWorkEntry'],
    },
    // The photos zip of a claim holds its originals in memory while it is written (at most 300 MB).
    memorySize: 1536,
    timeoutSeconds: 30,
  },
};
