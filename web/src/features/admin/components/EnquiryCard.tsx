import { Button, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { Enquiry } from '../api/admin';
import { formatTime } from './format';

interface Props {
  enquiry: Enquiry;
  onHandled(enquiry: Enquiry, handled: boolean): Promise<boolean>;
  onReply(enquiry: Enquiry, message: string): Promise<boolean>;
}

/** One enquiry or piece of feedback: who, what, from where, and what has been done about it. */
export function EnquiryCard({ enquiry, onHandled, onReply }: Props) {
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const titleId = `enquiry-${enquiry.id}`;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return setError('Write a reply first');
    setError(undefined);
    setBusy(true);
    if (await onReply(enquiry, reply.trim())) {
      setReply('');
      setReplying(false);
    }
    setBusy(false);
  };

  return (
    <li className="panel admin-item" aria-labelledby={titleId}>
      <div className="admin-item__head">
        <h3 id={titleId} style={{ margin: 0, fontSize: '1.05rem' }}>
          {enquiry.name} <span className="muted" style={{ fontWeight: 400 }}>&lt;{enquiry.email}&gt;</span>
        </h3>
        <span>
          <span className={`admin-badge${enquiry.kind === 'feedback' ? ' admin-badge--feedback' : ''}`}>{enquiry.kind === 'feedback' ? 'Feedback' : 'Enquiry'}</span>{' '}
          {enquiry.handledAt ? <span className="admin-badge admin-badge--handled">Handled</span> : <span className="admin-badge">Open</span>}
        </span>
      </div>
      <div className="admin-item__meta">
        <span>{formatTime(enquiry.createdAt)}</span>
        {enquiry.organisation && <span>{enquiry.organisation}</span>}
        {enquiry.lgaCode && <span>LGA {enquiry.lgaCode}</span>}
        {enquiry.page && <span>Page <code>{enquiry.page}</code></span>}
        {enquiry.release && <span>App v{enquiry.release}</span>}
        {enquiry.repliedAt && <span>Replied {formatTime(enquiry.repliedAt)}</span>}
        {enquiry.handledBy && <span>Handled by {enquiry.handledBy}</span>}
      </div>
      <p className="admin-item__message">{enquiry.message}</p>
      {replying ? (
        <form className="stack" onSubmit={(e) => void send(e)} noValidate>
          <TextAreaField label={`Reply to ${enquiry.name}`} rows={4} value={reply} onChange={(e) => setReply(e.target.value)} hasError={!!error} errorMessage={error} maxLength={5000} />
          <div className="admin-item__actions">
            <Button type="submit" variation="primary" isLoading={busy} loadingText="Sending…">Send reply</Button>
            <Button onClick={() => setReplying(false)}>Cancel</Button>
          </div>
        </form>
      ) : (
        <div className="admin-item__actions">
          <Button size="small" onClick={() => setReplying(true)}>Reply by email</Button>
          <Button size="small" onClick={() => void onHandled(enquiry, !enquiry.handledAt)}>
            {enquiry.handledAt ? 'Reopen' : 'Mark handled'}
          </Button>
        </div>
      )}
    </li>
  );
}
