// Puts each enquiry or feedback submitted while the page is open at the top of the lists it
// belongs in, and says so.
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { subscribeToEnquiries, type Enquiry, type EnquiryFilter } from '../api/admin';

type Pages = InfiniteData<{ items: Enquiry[]; nextToken: string | null }, string | null>;

export function useLiveEnquiries(): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(
    () =>
      subscribeToEnquiries(
        (enquiry) => {
          const filters: EnquiryFilter[] = ['ALL', enquiry.kind === 'feedback' ? 'FEEDBACK' : 'ENQUIRY'];
          for (const filter of filters) {
            queryClient.setQueryData<Pages>(['admin', 'enquiries', filter], (data) => {
              if (!data || data.pages[0]?.items.some((e) => e.id === enquiry.id)) return data;
              const [first, ...rest] = data.pages;
              return { ...data, pages: [{ ...first, items: [enquiry, ...first.items] }, ...rest] };
            });
          }
          void queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] });
          toast.show({ kind: 'info', message: `New ${enquiry.kind} from ${enquiry.name}` });
        },
        () => toast.show({ kind: 'warning', message: 'Live updates stopped. Reload the page to see new enquiries.' }),
      ),
    [queryClient, toast],
  );
}
