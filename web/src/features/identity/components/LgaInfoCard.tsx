import { useQuery } from '@tanstack/react-query';
import { isValidCustomerStatus } from '../../auth/access';
import { lgaQuery } from '../../lgas/api/lga';
import { LgaRequestCard } from './LgaRequestCard';

/**
 * Dashboard LGA info (spec §2): when the user's council is not a customer, the "please join"
 * request card; when it is, a short note that its closures are published here.
 */
export function LgaInfoCard({ lgaCode }: { lgaCode: string | null }) {
  const lga = useQuery(lgaQuery(lgaCode));
  if (!lgaCode || !lga.data) return null;
  if (!isValidCustomerStatus(lga.data.customerStatus)) return <LgaRequestCard lgaCode={lgaCode} lgaName={lga.data.name} />;
  return (
    <section className="panel" style={{ marginBottom: 20 }} aria-labelledby="lga-info-title">
      <h2 id="lga-info-title" style={{ marginBottom: 4 }}>{lga.data.name}{lga.data.state ? `, ${lga.data.state}` : ''}</h2>
      <p style={{ margin: 0 }}>
        {lga.data.name} publishes its road closures in this app: they are on the map as soon as council staff post
        them, and everyone following the council is told.
      </p>
    </section>
  );
}
