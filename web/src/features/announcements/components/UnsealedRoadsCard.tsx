// The announcement_manager's dashboard card: the LGA's unsealed-roads status (live) and the
// button that opens the unsealed roads modal.
import { useState } from 'react';
import { useUnsealedRoads } from '../hooks/useUnsealedRoads';
import { UnsealedRoadsBanner } from './UnsealedRoadsBanner';
import { UnsealedRoadsModal } from './UnsealedRoadsModal';

export function UnsealedRoadsCard({ lgaCode, lgaName }: { lgaCode: string; lgaName?: string }) {
  const roads = useUnsealedRoads(lgaCode);
  const [open, setOpen] = useState(false);
  if (roads.loading) return <p aria-busy="true">Loading the unsealed roads status…</p>;
  if (roads.error && !roads.data) return <p role="alert">Failed to load the unsealed roads status: {roads.error.message}</p>;
  return (
    <div className="unsealed-card" data-testid="unsealed-card">
      <UnsealedRoadsBanner lgaCode={lgaCode} showOpen />
      <button type="button" className="ann-button" onClick={() => setOpen(true)}>Change unsealed roads status</button>
      <UnsealedRoadsModal
        open={open}
        lgaCode={lgaCode}
        lgaName={lgaName}
        current={roads.data}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          roads.reload();
        }}
      />
    </div>
  );
}
