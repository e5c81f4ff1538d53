// The public dashboard's closure summary for the user's council (lgaClosureSummary).
import { queryOptions } from '@tanstack/react-query';
import { gql } from '../../../lib/api';

export interface LgaClosureSummary {
  lgaCode: string;
  active: number;
  scheduled: number;
  recentlyOpened: number;
  recentChanges: { id: string; type: { text: string }; formattedAddress: string | null; updatedAt: number }[];
}

const SUMMARY = /* GraphQL */ `
  query LgaClosureSummary($lgaCode: String!) {
    lgaClosureSummary(lgaCode: $lgaCode) {
      lgaCode active scheduled recentlyOpened
      recentChanges { id type { text } formattedAddress updatedAt }
    }
  }
`;

export const lgaClosureSummaryQuery = (lgaCode: string | null) =>
  queryOptions({
    queryKey: ['lgaClosureSummary', lgaCode],
    queryFn: async () => (await gql<{ lgaClosureSummary: LgaClosureSummary }>(SUMMARY, { lgaCode })).lgaClosureSummary,
    enabled: !!lgaCode,
    staleTime: 60_000,
  });
