// The unsealed-roads banner for one LGA: its status, message and vehicle limits, live through
// onAnnouncementChanged. Shows nothing while the roads are open. Self-contained (props only, the
// Amplify client underneath), so the public map, the embed and dashboards can all place it.
import { useUnsealedRoads } from '../hooks/useUnsealedRoads';
import '../announcements.css';

interface Props {
  lgaCode: string;
  /** Shown in the heading when given ("Forbes: unsealed roads closed"). */
  lgaName?: string;
  /** Also show "Unsealed roads open" instead of nothing (the staff card). */
  showOpen?: boolean;
}

const formatExpiry = (unix: number) =>
  new Date(unix * 1000).toLocaleString('en-AU', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

export function UnsealedRoadsBanner({ lgaCode, lgaName, showOpen = false }: Props) {
  const { data } = useUnsealedRoads(lgaCode);
  if (!data || (data.status === 'open' && !showOpen)) return null;
  const a = data.announcement;
  const heading = data.status === 'open' ? 'Unsealed roads open' : (a?.title ?? 'Unsealed roads status update');
  const gvm = data.status === 'restricted' && a?.vehicleRestrictions?.enabled ? a.vehicleRestrictions.maxGVM : null;
  return (
    <section className={`unsealed-banner unsealed-banner--${data.status}`} role="status" aria-label={`Unsealed roads in ${lgaName ?? `LGA ${lgaCode}`}`} data-testid="unsealed-banner" data-lga={lgaCode}>
      <p className="unsealed-banner__title">
        <span aria-hidden="true">{data.status === 'open' ? '✓' : '⚠'}</span> {lgaName ? `${lgaName}: ` : ''}
        {heading}
      </p>
      {gvm !== null && <p className="unsealed-banner__limit">Vehicles over {gvm} t GVM must not use unsealed roads.</p>}
      {a?.message && data.status !== 'open' && <p className="unsealed-banner__message">{a.message}</p>}
      {a?.expiresAt && data.status !== 'open' && <p className="unsealed-banner__expiry">Until {formatExpiry(a.expiresAt)}</p>}
    </section>
  );
}
