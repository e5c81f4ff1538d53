import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-provider';
import { RoleCards } from '../../features/dashboard/components/RoleCards';
import { lgaQuery } from '../../features/lgas/api/lga';
import { showRequestAccess } from '../../features/navigation/nav-model';
import { LgaInfoCard } from '../../features/identity/components/LgaInfoCard';
import { MyAccessRequests } from '../../features/identity/components/MyAccessRequests';
import { useMyAccessRequests } from '../../features/identity/hooks';
import '../../features/dashboard/components/dashboard.css';
import { SubscribeLgaButton } from '../../features/subscriptions/components/SubscribeButton';
import { PushCard } from '../../features/push/components/PushCard';
import { InstallCard } from '../../features/install/components/InstallCard';
import { ProfileCard, SubscribedClosuresCard } from '../../features/dashboard/components/PersonalCards';
import { LgaClosureSummaryCard } from '../../features/dashboard/components/LgaClosureSummaryCard';
import { DashboardTabs } from '../../features/dashboard/components/DashboardTabs';
import { UnsealedRoadsBanner } from '../../features/announcements/components/UnsealedRoadsBanner';
import { dashboardTabs, selectedDashboardTab, type DashboardTabId } from '../../features/dashboard/tabs';

function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function YourLga({ code }: { code: string | null }) {
  const lga = useQuery(lgaQuery(code));
  if (!code) return <p>You have not chosen your council yet. <Link to="/profile">Choose it in your settings</Link>.</p>;
  if (lga.isPending) return <p aria-busy="true">Your council: loading…</p>;
  // nameLong carries the ABS status suffix ("Forbes (A)"), which means nothing to residents.
  const name = lga.data?.name;
  return (
    <p>
      Your council: <strong>{name ?? 'unknown council'}</strong> (LGA {code}){' '}
      <SubscribeLgaButton lgaCode={code} lgaName={name} />
    </p>
  );
}

/** The home council's unsealed roads when closed or restricted (nothing while open), live. */
function HomeUnsealedRoads({ code }: { code: string }) {
  const lga = useQuery(lgaQuery(code));
  return <UnsealedRoadsBanner lgaCode={code} lgaName={lga.data?.name} />;
}

const quickLinks = [
  { to: '/map', title: 'Map', text: 'Closures and hazards near you.' },
  { to: '/subscriptions', title: 'My Subscriptions', text: 'Closures and council areas you follow.' },
  { to: '/report', title: 'Report an incident', text: 'Tell your council about a flooded road, a crash or a hazard.' },
  { to: '/my-reports', title: 'My Incident Reports', text: 'Hazards you reported and what happened.' },
  { to: '/notifications', title: 'Notifications', text: 'Updates about what you follow.' },
];

/**
 * /dashboard (spec §2). Residents see one page: their council (LGA info or the sign-the-request
 * card, the closure summary and recent changes) and then their own things. Staff get the same two
 * parts as tabs, LGA and Personal, with their role cards (their work) first on Personal.
 */
export function DashboardPage() {
  const { me, access } = useAuth();
  const [search, setSearch] = useSearchParams();
  const myRequests = useMyAccessRequests().data ?? [];
  const hasPendingRequest = myRequests.some((r) => r.status === 'pending');
  if (!me) return null;
  const name = me.preferredName || me.displayName || me.email;
  const staffLgas = access.isStaff ? me.managed : [];
  const homeLga = me.lgaCode ?? me.managed[0]?.lgaCode ?? null;
  const tabs = dashboardTabs(staffLgas.length > 0);
  const selected = selectedDashboardTab(tabs, search.get('tab'));
  // replace: switching tabs is not a page of its own in the back button's history.
  const selectTab = (id: DashboardTabId) => setSearch((params) => { params.set('tab', id); return params; }, { replace: true });

  const lgaPanel = (
    <>
      {homeLga && <HomeUnsealedRoads code={homeLga} />}
      <LgaInfoCard lgaCode={homeLga} />
      <LgaClosureSummaryCard lgaCode={homeLga} />
    </>
  );

  const personalPanel = (
    <>
      {access.isAdmin && (
        <div className="panel" style={{ marginBottom: 20 }}>
          <h2 style={{ marginBottom: 4 }}>Platform administrator</h2>
          <p className="muted" style={{ marginTop: 0 }}>Customers, LGA data, managers, enquiries and diagnostics.</p>
          <Link to="/admin" className="role-card__link">System Administration →</Link>
        </div>
      )}

      {staffLgas.map((lga) => <RoleCards key={lga.lgaCode} lga={lga} />)}

      <div style={staffLgas.length > 0 ? { marginTop: 28 } : undefined}>
        <PushCard />

        <InstallCard />

        <SubscribedClosuresCard />

        <ProfileCard me={me} />
      </div>

      {myRequests.length > 0 && (
        <div className="panel" style={{ marginBottom: 20 }}>
          <MyAccessRequests requests={myRequests} />
        </div>
      )}

      {!access.isStaff && !access.isAdmin && !hasPendingRequest && !access.canRequestAccess && (
        // Not a link to the request form: that form refuses anyone without a verified address at a
        // council's mail domain, which is exactly who sees this line.
        <p className="muted" style={{ marginTop: 0 }}>
          Work for a council? Sign in with your council email address to request access.{' '}
          <Link to="/help/lga-management">How council access works</Link>
        </p>
      )}

      {showRequestAccess(access, hasPendingRequest) && (
        <div className="panel" style={{ marginBottom: 20 }}>
          <h2 style={{ marginBottom: 4 }}>You are not assigned to a council yet</h2>
          <p className="muted" style={{ marginTop: 0 }}>Ask your council's account manager for access and the roles you need.</p>
          <Link to="/request-access" className="role-card__link">Request Access to LGA →</Link>
        </div>
      )}

      <section className="lga-section" aria-labelledby="quick-links-title">
        <div className="lga-section__head"><h2 id="quick-links-title">Your things</h2></div>
        <div className="quick-links">
          {quickLinks.map((q) => (
            <Link key={q.to} to={q.to} className="quick-link">
              <strong>{q.title}</strong>
              <span>{q.text}</span>
            </Link>
          ))}
        </div>
      </section>
    </>
  );

  return (
    <div className="dashboard">
      <div className="dashboard-greeting">
        <div>
          <h1>{greeting()}, {name}</h1>
          <YourLga code={homeLga} />
        </div>
        <Link to="/report" className="report-incident-button" data-testid="report-incident">Report an incident</Link>
      </div>

      {access.isStaff && (access.isNewCustomer || access.isExCustomer) && (
        <div className="notice" role="status">
          <span aria-hidden="true">⚠</span>
          <span>
            {access.isExCustomer
              ? "Your council's subscription has ended: closures, report moderation, communications and the staff map are disabled until it is renewed."
              : 'Your council does not have a subscription yet: closures, report moderation and communications are disabled until it starts.'}
          </span>
        </div>
      )}

      {selected ? (
        <DashboardTabs tabs={tabs} selected={selected} onSelect={selectTab} panels={{ lga: lgaPanel, personal: personalPanel }} />
      ) : (
        <>
          {lgaPanel}
          {personalPanel}
        </>
      )}
    </div>
  );
}
