import { Button, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { lgasQuery } from '../../identity/api/identity';

const MAX_RESULTS = 12;

/** Search any Australian LGA by name or code and pick one (also the council picker of /onboard). */
export function LgaPicker({ onPick, label = 'Find an LGA', showStatus = true }: { onPick(code: string): void; label?: string; showStatus?: boolean }) {
  const lgas = useQuery(lgasQuery);
  const [text, setText] = useState('');
  const resultsId = useId();
  const matches = useMemo(() => {
    const q = text.trim().toLowerCase();
    if (!q || !lgas.data) return [];
    return lgas.data.filter((l) => l.code.startsWith(q) || l.name.toLowerCase().includes(q)).slice(0, MAX_RESULTS);
  }, [text, lgas.data]);

  return (
    <div className="lga-picker">
      <TextField
        label={label}
        descriptiveText="Type part of a council's name or its 5-digit code"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-controls={resultsId}
        autoComplete="off"
      />
      {lgas.isPending && text.trim() && <p className="muted" aria-busy="true">Loading the councils…</p>}
      {lgas.isError && <p role="alert">The LGAs could not be loaded: {lgas.error.message}</p>}
      <ul id={resultsId} className="lga-picker__results" aria-label="Matching LGAs" aria-live="polite">
        {matches.map((l) => (
          <li key={l.code}>
            <Button size="small" onClick={() => { onPick(l.code); setText(''); }}>
              {l.name} ({l.state ?? '–'}) · {l.code}{showStatus ? ` · ${l.customerStatus === 'none' ? 'no customer' : l.customerStatus}` : ''}
            </Button>
          </li>
        ))}
        {text.trim() && lgas.data && matches.length === 0 && <li className="muted">No LGA matches “{text.trim()}”.</li>}
      </ul>
    </div>
  );
}
