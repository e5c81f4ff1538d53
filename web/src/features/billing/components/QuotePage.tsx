import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { quoteQuery } from '../api/billing';
import { formatDate } from '../format';
import { PriceRows } from './PriceRows';
import { quotePdf } from '../quote-pdf';
import './billing.css';
import './quote-print.css';

/** /quote/{id}: a quote for the council's finance team, printable and downloadable as PDF. */
export function QuotePage() {
  const id = useParams().id ?? '';
  const quote = useQuery(quoteQuery(id));
  const [downloading, setDownloading] = useState(false);
  if (quote.isPending) return <PageLoader label="Loading quote…" />;
  if (quote.isError) return <ErrorState message={quote.error.message} onRetry={() => void quote.refetch()} />;
  const q = quote.data;
  if (!q) return <ErrorState message="Quote not found" />;
  const p = q.price;

  const download = async () => {
    setDownloading(true);
    const url = URL.createObjectURL(await quotePdf(q));
    const a = document.createElement('a');
    a.href = url;
    a.download = `quote-${q.lgaName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
    a.click();
    URL.revokeObjectURL(url);
    setDownloading(false);
  };

  return (
    <article className="quote">
      <header className="page-header">
        <h1>Quote</h1>
        <p>Road closures subscription for {q.lgaName} (LGA {q.lgaCode})</p>
      </header>
      <section className="panel">
        <dl className="facts">
          <dt>Council</dt><dd>{q.lgaName}</dd>
          <dt>Classification</dt><dd>{p.name}</dd>
          <dt>Quote date</dt><dd>{formatDate(q.created)}</dd>
          <dt>Valid until</dt><dd>{formatDate(q.validUntil)}</dd>
          <dt>PO number</dt><dd>{q.poNumber ?? 'not given'}</dd>
          <PriceRows price={p} />
        </dl>
        <p className="muted">Includes a {p.trialDays}-day free trial unless skipped at checkout. Prices in Australian dollars.</p>
        <div className="row-actions no-print">
          <button type="button" className="amplify-button amplify-button--primary" onClick={() => window.print()}>Print</button>
          <button type="button" className="amplify-button" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
      </section>
    </article>
  );
}
