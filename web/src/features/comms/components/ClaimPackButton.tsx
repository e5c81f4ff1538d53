// "Download claim pack" for a disaster event (docs/drfa.md#the-claim-pack): the server builds the
// zip (PDF summary, CSV and XLSX registers, GeoJSON lines) and the browser saves it from its link.
import { useMutation } from '@tanstack/react-query';
import { claimPack, type DisasterEvent } from '../api/drfa';

export function ClaimPackButton({ event }: { event: DisasterEvent }) {
  const build = useMutation({
    mutationFn: () => claimPack(event.id),
    onSuccess: (pack) => {
      // The link answers with "attachment": the browser saves the zip under its name.
      const link = document.createElement('a');
      link.href = pack.url;
      link.rel = 'noopener';
      link.click();
    },
  });
  return (
    <>
      <button type="button" className="comms-button" disabled={build.isPending} onClick={() => build.mutate()}>
        Download claim pack<span className="visually-hidden"> of {event.name}</span>
      </button>
      {build.isPending && <span role="status">Preparing the claim pack…</span>}
      {build.data && !build.isPending && (
        <span role="status" title={build.data.fileName}>Claim pack saved ({build.data.closures} closure{build.data.closures === 1 ? '' : 's'}).</span>
      )}
      {build.error && <span role="alert" className="comms-error">{build.error.message}</span>}
    </>
  );
}
