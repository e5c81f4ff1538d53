// The help pages in the order of the spec's /help children (the route table's HELP_TOPICS).
import type { HelpTopic } from './help-topic';
import { gettingStarted, introduction, navigating, reportingIncidents, subscriptions } from './topics/public-topics';
import { closureTypes, roadConditions } from './topics/reference-topics';
import { closureAdministration, lgaManagement, reportModeration, socialsContentGeneration, websiteIntegration } from './topics/staff-topics';

export const HELP_PAGES: HelpTopic[] = [
  introduction,
  gettingStarted,
  navigating,
  subscriptions,
  reportingIncidents,
  lgaManagement,
  closureAdministration,
  reportModeration,
  socialsContentGeneration,
  websiteIntegration,
  closureTypes,
  roadConditions,
];
