import type { ComponentType } from 'react';
import type { PageId, RouteDef } from '../../features/routing/route-table';
import { AccountsPage } from '../../features/lga-admin/pages/AccountsPage';
import { RequestAccessPage } from '../../features/identity/pages/RequestAccessPage';
import { SignInLinkPage } from '../../features/identity/pages/SignInLinkPage';
import { MapViewPage } from '../../features/profile/pages/MapViewPage';
import { NotificationSettingsPage } from '../../features/profile/pages/NotificationSettingsPage';
import { ProfilePage } from '../../features/profile/pages/ProfilePage';
import { WelcomePage } from '../../features/profile/pages/WelcomePage';
import { SecurityPage } from '../../features/security/pages/SecurityPage';
import { AdminHomePage } from './admin-home';
import { ClosureDetailPage } from '../../features/closures/components/ClosureDetailPage';
import { ClosureListPage } from '../../features/closures/components/ClosureListPage';
import { DashboardPage } from './dashboard';
import { HomePage } from './home';
import { InitPage } from './init';
import { LegalPage } from './legal';
import { LoginPage } from './login';
import { LogoutPage } from './logout';
import { NotFoundPage } from './not-found';
import { PlaceholderPage } from './placeholder';
import { SignUpPage } from './sign-up';
import { AdminMapPage, PublicMapPage } from '../../features/public-map/PublicMapPage';
import { StaffMapPage } from '../../features/staff-map/StaffMapPage';
import { NotificationDetailPage, NotificationsPage } from '../../features/notifications/components/NotificationsPage';
import { SubscriptionsPage } from '../../features/subscriptions/components/SubscriptionsPage';
import { ReportIncidentPage } from '../../features/reports/components/ReportIncidentPage';
import { MyReportsPage } from '../../features/reports/components/MyReportsPage';
import { ReportDetailPage } from '../../features/reports/components/ReportDetailPage';
import { ReportsListPage } from '../../features/reports/components/ReportsListPage';
import { ClusterListPage } from '../../features/reports/components/ClusterListPage';
import { ClusterDetailPage } from '../../features/reports/components/ClusterDetailPage';
import { HelpPage } from '../../features/help/components/HelpPage';
import { AnnouncementsPage } from '../../features/announcements/pages/AnnouncementsPage';
import { EnquiriesPage } from '../../features/admin/pages/EnquiriesPage';
import { DiagnosticsPage } from '../../features/admin/pages/DiagnosticsPage';
import { LgaManagersPage } from '../../features/admin/pages/LgaManagersPage';
import { LgaDataPage } from '../../features/admin/pages/LgaDataPage';
import { GenseedPage } from '../../features/admin/pages/GenseedPage';
import { AdminCustomersPage } from '../../features/billing/components/AdminCustomersPage';
import { CustomerDetailPage } from '../../features/billing/components/CustomerDetailPage';
import { OnboardPage } from '../../features/billing/components/OnboardPage';
import { OnboardProcessingPage } from '../../features/billing/components/OnboardProcessingPage';
import { OnboardSuccessPage } from '../../features/billing/components/OnboardSuccessPage';
import { LgaBillingPage } from '../../features/billing/components/LgaBillingPage';
import { QuotePage } from '../../features/billing/components/QuotePage';
import { LgaEmbedPage } from '../../features/comms/components/LgaEmbedPage';
import { TasksPage } from '../../features/comms/components/TasksPage';
import { TaskDetailPage } from '../../features/comms/components/TaskDetailPage';
import { IntegrationPage } from '../../features/comms/components/IntegrationPage';
import { EvidencePage } from '../../features/comms/components/EvidencePage';
import { EmbedVisitsPage } from '../../features/comms/components/EmbedVisitsPage';

export const PAGES: Record<PageId, ComponentType<{ def: RouteDef }>> = {
  home: HomePage,
  login: LoginPage,
  signUp: SignUpPage,
  logout: LogoutPage,
  dashboard: DashboardPage,
  legal: LegalPage,
  notFound: NotFoundPage,
  init: InitPage,
  adminHome: AdminHomePage,
  placeholder: PlaceholderPage,
  publicMap: PublicMapPage,
  adminMap: AdminMapPage,
  staffMap: StaffMapPage,
  signInLink: SignInLinkPage,
  welcome: WelcomePage,
  requestAccess: RequestAccessPage,
  profile: ProfilePage,
  profileMapView: MapViewPage,
  profileNotifications: NotificationSettingsPage,
  profileSecurity: SecurityPage,
  lgaAccounts: AccountsPage,
  closureList: ClosureListPage,
  closureDetail: ClosureDetailPage,
  notifications: NotificationsPage,
  notificationDetail: NotificationDetailPage,
  subscriptions: SubscriptionsPage,
  reportIncident: ReportIncidentPage,
  myReports: MyReportsPage,
  reportDetail: ReportDetailPage,
  reportsList: ReportsListPage,
  reportClusters: ClusterListPage,
  reportClusterDetail: ClusterDetailPage,
  help: HelpPage,
  announcements: AnnouncementsPage,
  adminEnquiries: EnquiriesPage,
  adminDiagnostics: DiagnosticsPage,
  adminLgaManagers: LgaManagersPage,
  adminLgaData: LgaDataPage,
  adminGenseed: GenseedPage,
  adminCustomers: AdminCustomersPage,
  customerDetail: CustomerDetailPage,
  onboard: OnboardPage,
  onboardProcessing: OnboardProcessingPage,
  onboardSuccess: OnboardSuccessPage,
  lgaBilling: LgaBillingPage,
  quote: QuotePage,
  lgaEmbed: LgaEmbedPage,
  commsTasks: TasksPage,
  commsTaskDetail: TaskDetailPage,
  commsIntegration: IntegrationPage,
  commsEvidence: EvidencePage,
  embedVisits: EmbedVisitsPage,
};
