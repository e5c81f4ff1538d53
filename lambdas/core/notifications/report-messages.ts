// What a reporter is told when their report is decided or its closure reopens (spec §4:
// closing the loop). Pure: the consumer loads the facts and passes them in.
import { closureTypeOf } from '../closures/types';
import type { NotificationContent } from './messages';

const kindOf = (type: string | undefined) => (type ? closureTypeOf(type).text : 'Road closure');

export function reportApprovedNotification(args: { closureId: string; type?: string }): NotificationContent {
  return {
    title: 'Your report was approved',
    body: `${kindOf(args.type)} is now on the map. Thank you for reporting it.`,
    redirectTo: `/map?closure=${encodeURIComponent(args.closureId)}`,
    resourceId: args.closureId,
    icon: 'circle-check',
  };
}

export function reportRejectedNotification(args: { reportId: string; type?: string; reason?: string | null }): NotificationContent {
  return {
    title: 'Your report was not approved',
    body: args.reason ? `Reason: ${args.reason}` : `${kindOf(args.type)} was not added to the map.`,
    redirectTo: `/reports/${encodeURIComponent(args.reportId)}`,
    resourceId: args.reportId,
    icon: 'circle-xmark',
  };
}

export function reportedRoadReopenedNotification(args: { closureId: string; type?: string; formattedAddress?: string }): NotificationContent {
  return {
    title: 'The road you reported has reopened',
    body: [kindOf(args.type), args.formattedAddress].filter(Boolean).join(' — '),
    redirectTo: `/map?closure=${encodeURIComponent(args.closureId)}`,
    resourceId: args.closureId,
    icon: 'road-circle-check',
  };
}
