// The single-table service: every entity bound to one table and one client, created once per
// process (again only when the client or the table name changes: a benchmark or test process
// that moves to another local stack). Handlers import `db()` and never build keys by hand.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { dynamoClient, tableName } from './client';
import { AccessRequestEntity, CustomerEntity, LgaEntity, ManagerEntity, SignatoryEntity } from './entities/lga';
import {
  ClosureSubscriptionEntity,
  LgaSubscriptionEntity,
  NotificationEntity,
  PushSubscriptionEntity,
  UserEntity,
} from './entities/user';
import { ClosureActivityEntity, ClosureCellEntity, ClosureEntity, ClosureMapCellEntity } from './entities/closure';
import { ReportClusterClaimEntity, ReportClusterEntity, ReportEntity } from './entities/report';
import { AnnouncementEntity, ContentTaskEntity } from './entities/content';
import { CheckoutSessionEntity, CouncilSubscriptionEntity, InvoiceEntity, OnboardingDiscountEntity, StripeEventEntity } from './entities/billing';
import {
  ClientErrorEntity,
  CounterEntity,
  EnquiryEntity,
  LgaDataImportEntity,
  MediaEntity,
  MediaReferenceEntity,
} from './entities/platform';
import { ClientErrorGroupEntity, ScheduleRunEntity } from './entities/admin';
import { FanoutMarkEntity } from './entities/fanout';
import { MailDomainEntity } from './entities/mail-domain';
import { ClosureSegmentEntity, DisasterEventEntity, DisasterEventNameEntity, EventClosureEntity, WorkEntryEntity } from './entities/drfa';
import { StateFeedImportEntity, StateHazardEntity } from './entities/state-hazard';
import { AlertClaimEntity, DigestEntryEntity, MailSuppressionEntity, SmsOptOutEntity } from './entities/alerts';
import { WatchZoneEntity } from './entities/watch-zones';
import { SavedTripCellEntity, SavedTripEntity } from './entities/saved-trip';

function createService(client: DynamoDBDocumentClient, table: string) {
  return new Service(
    {
      lga: LgaEntity,
      manager: ManagerEntity,
      accessRequest: AccessRequestEntity,
      signatory: SignatoryEntity,
      customer: CustomerEntity,
      invoice: InvoiceEntity,
      checkoutSession: CheckoutSessionEntity,
      councilSubscription: CouncilSubscriptionEntity,
      stripeEvent: StripeEventEntity,
      user: UserEntity,
      closureSubscription: ClosureSubscriptionEntity,
      lgaSubscription: LgaSubscriptionEntity,
      notification: NotificationEntity,
      pushSubscription: PushSubscriptionEntity,
      closure: ClosureEntity,
      closureCell: ClosureCellEntity,
      closureMapCell: ClosureMapCellEntity,
      closureActivity: ClosureActivityEntity,
      report: ReportEntity,
      reportCluster: ReportClusterEntity,
      reportClusterClaim: ReportClusterClaimEntity,
      announcement: AnnouncementEntity,
      contentTask: ContentTaskEntity,
      media: MediaEntity,
      mediaReference: MediaReferenceEntity,
      counter: CounterEntity,
      enquiry: EnquiryEntity,
      clientError: ClientErrorEntity,
      lgaDataImport: LgaDataImportEntity,
      clientErrorGroup: ClientErrorGroupEntity,
      scheduleRun: ScheduleRunEntity,
      fanoutMark: FanoutMarkEntity,
      mailDomain: MailDomainEntity,
      onboardingDiscount: OnboardingDiscountEntity,
      disasterEvent: DisasterEventEntity,
      disasterEventName: DisasterEventNameEntity,
      eventClosure: EventClosureEntity,
      closureSegment: ClosureSegmentEntity,
      workEntry: WorkEntryEntity,
      stateHazard: StateHazardEntity,
      stateFeedImport: StateFeedImportEntity,
      alertClaim: AlertClaimEntity,
      digestEntry: DigestEntryEntity,
      mailSuppression: MailSuppressionEntity,
      smsOptOut: SmsOptOutEntity,
      watchZone: WatchZoneEntity,
      savedTrip: SavedTripEntity,
      savedTripCell: SavedTripCellEntity,
    },
    { client, table },
  );
}

export type Db = ReturnType<typeof createService>;
let bound: { client: DynamoDBDocumentClient; table: string; service: Db } | undefined;

export function db(): Db {
  const client = dynamoClient();
  const table = tableName();
  if (bound?.client !== client || bound.table !== table) bound = { client, table, service: createService(client, table) };
  return bound.service;
}
