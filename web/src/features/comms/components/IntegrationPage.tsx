// /comms/integration: the embed snippet for the council's website (options, live preview, copy)
// and the addresses of the council's open feeds.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { useToast } from '../../../components/toast/toast-context';
import { LgaPicker } from '../../closures/components/LgaPicker';
import { lgaQuery } from '../../lgas/api/lga';
import type { RouteDef } from '../../routing/route-table';
import { FEED_FILES, MAX_EMBED_HEIGHT, MIN_EMBED_HEIGHT, clampHeight, embedPath, embedSnippet, feedUrl } from '../embed';
import { useCommsLga } from '../hooks/useCommsLga';
import { CommsNav } from './CommsNav';
import '../comms.css';

export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

export function IntegrationPage({ def }: { def: RouteDef }) {
  const toast = useToast();
  const { lgaCode, options, select, loading } = useCommsLga();
  const lga = useQuery(lgaQuery(lgaCode));
  const [height, setHeight] = useState(600);
  const [first, setFirst] = useState<'map' | 'list'>('map');
  const [directions, setDirections] = useState(true);
  const snippetId = useId();
  const origin = window.location.origin;
  const name = lga.data?.name ?? options.find((o) => o.code === lgaCode)?.name ?? `LGA ${lgaCode}`;
  const embed = lgaCode ? { lgaCode, height: clampHeight(height), first, directions } : null;
  const snippet = embed ? embedSnippet(origin, embed, name) : '';

  const copy = async () => {
    try {
      await copyText(snippet);
      toast.show({ kind: 'success', message: 'Embed code copied to the clipboard.' });
    } catch {
      toast.show({ kind: 'error', message: 'Copying was blocked by the browser: select the code and copy it.' });
    }
  };

  return (
    <div className="comms-page">
      <PageHeader title={def.title}>Put your council's live closures map on your website, and share the open data feeds.</PageHeader>
      <CommsNav />
      <div className="comms-tools">
        <LgaPicker value={lgaCode} options={options} onChange={select} />
      </div>
      {!lgaCode && !loading ? (
        <ErrorState title="No council to show" message="You are not media and communications manager of a council with an active subscription." />
      ) : embed ? (
        <>
          <section className="panel" aria-labelledby="embed-heading">
            <h2 id="embed-heading">Embed the map</h2>
            <div className="comms-form">
              <label>
                Height in pixels
                <input type="number" min={MIN_EMBED_HEIGHT} max={MAX_EMBED_HEIGHT} step={20} value={height} onChange={(e) => setHeight(Number(e.target.value))} onBlur={() => setHeight(clampHeight(height))} />
              </label>
              <label>
                Show first
                <select value={first} onChange={(e) => setFirst(e.target.value === 'list' ? 'list' : 'map')}>
                  <option value="map">Map</option>
                  <option value="list">List</option>
                </select>
              </label>
              <label className="comms-check">
                <input type="checkbox" checked={directions} onChange={(e) => setDirections(e.target.checked)} />
                Show a directions link
              </label>
            </div>
            <label htmlFor={snippetId}><strong>Code for your website</strong></label>
            <textarea id={snippetId} className="comms-snippet" readOnly rows={4} value={snippet} onFocus={(e) => e.currentTarget.select()} />
            <div className="comms-actions">
              <button type="button" className="comms-button" onClick={() => void copy()}>Copy embed code</button>
              <a href={embedPath(embed)} target="_blank" rel="noopener">Open the embedded map on its own</a>
            </div>
            <h3>Preview</h3>
            <iframe className="comms-preview" src={embedPath(embed)} title={`Preview: road closures in ${name}`} height={embed.height} />
          </section>
          <section className="panel" aria-labelledby="feeds-heading">
            <h2 id="feeds-heading">Open data feeds</h2>
            <p>Free for anyone to use (navigation apps, road authorities, your own website). They update within a minute of every closure change.</p>
            <h3>{name}</h3>
            <ul className="comms-feeds">
              {FEED_FILES.map(([file, label]) => (
                <li key={file}>{label}: <a href={feedUrl(origin, embed.lgaCode, file)}>{feedUrl(origin, embed.lgaCode, file)}</a></li>
              ))}
            </ul>
            <h3>Every council</h3>
            <ul className="comms-feeds">
              {FEED_FILES.map(([file, label]) => (
                <li key={file}>{label}: <a href={feedUrl(origin, 'all', file)}>{feedUrl(origin, 'all', file)}</a></li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}
