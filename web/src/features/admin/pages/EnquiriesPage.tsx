import { Button } from '@aws-amplify/ui-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { enquiriesQuery, markEnquiryHandled, replyToEnquiry, type Enquiry, type EnquiryFilter } from '../api/admin';
import { EnquiryCard } from '../components/EnquiryCard';
import { useLiveEnquiries } from '../hooks/useLiveEnquiries';
import '../components/admin.css';

const FILTERS: Array<[EnquiryFilter, string]> = [
  ['ALL', 'All'],
  ['ENQUIRY', 'Enquiries'],
  ['FEEDBACK', 'Feedback'],
];

/** /admin/enquiries: enquiries and feedback, newest first, live, handled and answered from here. */
export function EnquiriesPage() {
  const [params, setParams] = useSearchParams();
  const filter = (FILTERS.find(([f]) => f === params.get('kind'))?.[0] ?? 'ALL') as EnquiryFilter;
  const list = useInfiniteQuery(enquiriesQuery(filter));
  const queryClient = useQueryClient();
  const toast = useToast();
  useLiveEnquiries();

  const attempt = async (action: () => Promise<Enquiry>, success: string) => {
    try {
      await action();
      toast.show({ kind: 'success', message: success });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      return true;
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
      return false;
    }
  };
  const onHandled = (e: Enquiry, handled: boolean) =>
    attempt(() => markEnquiryHandled(e.id, handled), handled ? 'Marked as handled.' : 'Opened again.');
  const onReply = (e: Enquiry, message: string) => attempt(() => replyToEnquiry(e.id, message), `Your reply to ${e.email} is sent.`);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <PageHeader title="Enquiries">Messages from councils and feedback from the Feedback button, newest first. New ones appear as they arrive.</PageHeader>
      <div className="tabs" role="group" aria-label="Show">
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="tab"
            aria-pressed={filter === value}
            onClick={() => setParams(value === 'ALL' ? {} : { kind: value }, { replace: true })}
          >
            {label}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <PageLoader label="Loading enquiries…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p>Nothing here yet.</p>
      ) : (
        <>
          <ul className="admin-list" aria-label="Enquiries">
            {items.map((e) => <EnquiryCard key={e.id} enquiry={e} onHandled={onHandled} onReply={onReply} />)}
          </ul>
          {list.hasNextPage && (
            <p>
              <Button onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage} loadingText="Loading…">Show more</Button>
            </p>
          )}
        </>
      )}
    </div>
  );
}
