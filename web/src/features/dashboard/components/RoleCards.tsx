import { Badge } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { ManagedLga } from '../../auth/api/me';
import { isValidCustomerStatus } from '../../auth/access';
import { ROLE_LABELS, isRole } from '../../auth/roles';
import { ROLE_CARDS } from '../role-cards';
import { ClosureAdminCard } from './ClosureAdminCard';
import { AccessRequestsCard } from '../../lga-admin/components/AccessRequestsCard';
import { PendingClustersCard } from '../../reports/components/PendingClustersCard';
import { UnsealedRoadsCard } from '../../announcements/components/UnsealedRoadsCard';
import { SocialTasksCard } from '../../comms/components/SocialTasksCard';
import { BillingCard } from '../../billing/components/BillingCard';

const statusText: Record<string, string> = {
  active: 'Subscription active',
  trialing: 'On trial',
  canceled: 'Subscription cancelled',
  unpaid: 'Payment overdue',
  none: 'No subscription',
};

/** Needs-subscription roles: spec §6 disables closures, moderation and communications without one. */
const needsSubscription = new Set(['closure_administrator', 'submission_moderator', 'media_comms_manager']);

export function RoleCards({ lga }: { lga: ManagedLga }) {
  const active = isValidCustomerStatus(lga.customerStatus);
  const roles = lga.roles.filter(isRole);
  const cards = ROLE_CARDS.filter((card) => roles.includes(card.role));
  return (
    <section className="lga-section" aria-labelledby={`lga-${lga.lgaCode}`}>
      <div className="lga-section__head">
        <h2 id={`lga-${lga.lgaCode}`}>{lga.lgaName ?? `LGA ${lga.lgaCode}`}</h2>
        <Badge variation={active ? 'success' : lga.customerStatus === 'none' ? 'info' : 'warning'}>
          {statusText[lga.customerStatus] ?? lga.customerStatus}
        </Badge>
      </div>
      {cards.length === 0 ? (
        <p className="muted">You are on this council's staff list without a role yet. An account manager can give you one.</p>
      ) : (
        <div className="card-grid">
          {cards.map((card) => {
            const blocked = !active && needsSubscription.has(card.role);
            return (
              <article key={card.role} className="panel role-card" data-role={card.role}>
                <p className="role-card__role">{ROLE_LABELS[card.role]}</p>
                <h3>{card.title}</h3>
                {card.role === 'account_manager' ? (
                  <AccessRequestsCard lgaCode={lga.lgaCode} />
                ) : card.role === 'closure_administrator' && !blocked ? (
                  <ClosureAdminCard lgaCode={lga.lgaCode} />
                ) : card.role === 'submission_moderator' && !blocked ? (
                  <PendingClustersCard lgaCode={lga.lgaCode} />
                ) : card.role === 'announcement_manager' && active ? (
                  <UnsealedRoadsCard lgaCode={lga.lgaCode} lgaName={lga.lgaName ?? undefined} />
                ) : card.role === 'media_comms_manager' && !blocked ? (
                  <SocialTasksCard lgaCode={lga.lgaCode} />
                ) : (
                  <>
                    <p className="role-card__body">This card will show: {card.willShow}</p>
                    <p className="role-card__status muted">Not connected yet.</p>
                  </>
                )}
                {blocked ? (
                  <p className="role-card__blocked">Needs an active subscription.</p>
                ) : (
                  <Link className="role-card__link" to={card.link.to(lga.lgaCode)}>{card.link.label} →</Link>
                )}
              </article>
            );
          })}
          {roles.includes('account_manager') && <BillingCard lgaCode={lga.lgaCode} />}
        </div>
      )}
    </section>
  );
}
