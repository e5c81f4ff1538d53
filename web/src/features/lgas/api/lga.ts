import { queryOptions } from '@tanstack/react-query';
import { gql } from '../../../lib/api';

export interface LgaSummary {
  code: string;
  name: string;
  nameLong: string | null;
  state: string | null;
  customerStatus: string;
  emailSuffix: string | null;
}

const LGA = /* GraphQL */ `
  query Lga($code: ID!) {
    lga(code: $code) { code name nameLong state customerStatus emailSuffix }
  }
`;

export const lgaQuery = (code: string | null | undefined) =>
  queryOptions({
    queryKey: ['lga', code ?? null],
    queryFn: async () => (await gql<{ lga: LgaSummary | null }>(LGA, { code })).lga,
    enabled: !!code,
    staleTime: 10 * 60_000,
  });
