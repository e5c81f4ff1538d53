import { useQuery } from '@tanstack/react-query';
import { isValidCustomerStatus } from '../../auth/access';
import { lgaQuery } from '../../lgas/api/lga';
import { LgaRequestCard } from './LgaRequestCard';

/** Dashboard LGA info: when the user's council is not a customer, the "please join" request card. */
export function LgaInfoCard({ lgaCode }: { lgaCode: string | null }) {
  const lga = useQuery(lgaQuery(lgaCode));
  if (!lgaCode || !lga.data || isValidCustomerStatus(lga.data.customerStatus)) return null;
  return <LgaRequestCard lgaCode={lgaCode} lgaName={lga.data.name} />;
}
