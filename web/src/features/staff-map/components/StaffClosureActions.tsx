import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import type { MapClosure } from '../../map/api/closure-fields';
import { deleteClosure, reopenClosure } from '../../map/api/closures';
import { useApplyClosureChange } from '../../map/hooks/useLiveClosures';
import { gql } from '../../../lib/api';
import './drawing.css';

/** How the closure's regions were drawn: staff see "Drawn by hand" (the public map's fields leave it out). */
async function regionsDrawn(id: string): Promise<Array<{ drawnByHand: boolean | null }>> {
  const data = await gql<{ closure: { regions: Array<{ drawnByHand: boolean | null }> } | null }>(
    'query ClosureRegionsDrawn($id: ID!) { closure(id: $id) { regions { drawnByHand } } }',
    { id },
  );
  return data.closure?.regions ?? [];
}

/** Edit, Reopen and Delete for a closure selected on the staff map; the last two ask first. */
export function StaffClosureActions({ closure, onDeleted }: { closure: MapClosure; onDeleted(): void }) {
  const toast = useToast();
  const apply = useApplyClosureChange();
  const [confirm, setConfirm] = useState<'reopen' | 'delete' | null>(null);
  const reopen = useMutation({
    mutationFn: () => reopenClosure(closure.id),
    onSuccess: (updated) => {
      apply(updated);
      setConfirm(null);
      toast.show({ kind: 'success', message: 'The closure was reopened.' });
    },
    onError: (error: Error) => toast.show({ kind: 'error', message: `Failed to reopen the closure: ${error.message}` }),
  });
  const remove = useMutation({
    mutationFn: () => deleteClosure(closure.id),
    onSuccess: (deleted) => {
      apply(deleted);
      setConfirm(null);
      onDeleted();
      toast.show({ kind: 'success', message: 'The closure was deleted.' });
    },
    onError: (error: Error) => toast.show({ kind: 'error', message: `Failed to delete the closure: ${error.message}` }),
  });
  const busy = reopen.isPending || remove.isPending;
  const drawn = useQuery({ queryKey: ['closures', 'drawn-by-hand', closure.id, closure.updatedAt], queryFn: () => regionsDrawn(closure.id) });
  return (
    <>
      {(drawn.data ?? []).some((r) => r.drawnByHand) && (
        <p className="muted" style={{ margin: 0, flexBasis: '100%' }}>
          <span className="drawn-by-hand">Drawn by hand</span> No road of the road map is near: the line is kept exactly as drawn.
        </p>
      )}
      <Link className="map-button" to={`/closures/${closure.id}`}>Edit</Link>
      {closure.condition !== 'opened' && (
        <button type="button" className="map-button" onClick={() => setConfirm('reopen')} disabled={busy}>Reopen</button>
      )}
      <button type="button" className="map-button map-button--danger" onClick={() => setConfirm('delete')} disabled={busy}>Delete</button>
      {confirm && (
        <div className="confirm-box" role="alertdialog" aria-label={confirm === 'reopen' ? 'Confirm reopening' : 'Confirm deletion'}>
          <p style={{ margin: '0 0 8px' }}>
            {confirm === 'reopen' ? 'Reopen this road? It shows as open and leaves the map after 24 hours.' : 'Delete this closure? It disappears from every map.'}
          </p>
          <div className="draw-panel__actions" style={{ marginTop: 0 }}>
            <button
              type="button"
              className={`map-button ${confirm === 'delete' ? 'map-button--danger' : 'map-button--primary'}`}
              onClick={() => (confirm === 'reopen' ? reopen.mutate() : remove.mutate())}
              disabled={busy}
            >
              {confirm === 'reopen' ? 'Yes, reopen' : 'Yes, delete'}
            </button>
            <button type="button" className="map-button" onClick={() => setConfirm(null)} disabled={busy}>Cancel</button>
          </div>
        </div>
      )}
    </>
  );
}
