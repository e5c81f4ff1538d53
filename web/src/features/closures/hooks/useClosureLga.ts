import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { isValidCustomerStatus } from '../../auth/access';
import type { Role } from '../../auth/roles';
import { listLgas, type LgaOption } from '../api/closures';

export interface ClosureLgaChoice {
  /** The LGA the lists show; null while the admin's LGA list loads or when there is none. */
  lgaCode: string | null;
  options: LgaOption[];
  loading: boolean;
  select(code: string): void;
}

/**
 * The council whose closures the staff screens show, kept in `?lga=` so links and reloads keep it.
 * Staff choose among the councils where they hold one of the roles (closure_administrator unless
 * another screen asks); admins among every customer.
 */
export function useClosureLga(roles: readonly Role[] = ['closure_administrator'], { anySubscription = false } = {}): ClosureLgaChoice {
  const { me, access } = useAuth();
  const [params, setParams] = useSearchParams();
  const admin = access.isAdmin;
  const lgas = useQuery({ queryKey: ['lgas', 'all'], queryFn: listLgas, enabled: admin, staleTime: 10 * 60_000 });

  const own: LgaOption[] = (me?.managed ?? [])
    .filter((m) => roles.some((role) => m.roles.includes(role)) && (anySubscription || isValidCustomerStatus(m.customerStatus)))
    .map((m) => ({ code: m.lgaCode, name: m.lgaName ?? `LGA ${m.lgaCode}`, customerStatus: m.customerStatus }));
  let options = own;
  if (admin) {
    const customers = (lgas.data ?? []).filter((l) => (anySubscription ? l.customerStatus !== 'none' : isValidCustomerStatus(l.customerStatus)) || own.some((o) => o.code === l.code));
    options = [...customers].sort((a, b) => a.name.localeCompare(b.name));
  }

  const requested = params.get('lga');
  const lgaCode = options.find((o) => o.code === requested)?.code ?? (requested && admin ? requested : null) ?? options[0]?.code ?? null;

  const select = useCallback(
    (code: string) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('lga', code);
        return next;
      });
    },
    [setParams],
  );

  return { lgaCode, options, loading: admin && lgas.isPending, select };
}
