export function TermsOfUse() {
  return (
    <>
      <h2>Using the service</h2>
      <p>
        Road Closures shows road closures, incidents and announcements published by the councils that subscribe to it,
        and reports submitted by the public. It is a convenience, not an emergency service. In an emergency call 000.
        For flood and fire warnings follow your state emergency services.
      </p>
      <h2>Accuracy</h2>
      <p>
        Councils publish closures as conditions change, but roads can close or reopen before the map catches up.
        Always obey signs, barriers and directions from police and emergency workers, and never drive into flood water.
        Directions avoid the closures we know about; they do not promise that a route is open or safe.
      </p>
      <h2>Your account and your reports</h2>
      <p>
        Keep your sign-in details to yourself. When you report an incident, describe what you saw honestly and only
        upload photos you took or may share. Council staff moderate reports and may decline, edit the wording of, or
        remove any report. Accounts used to post false, abusive or unlawful content may be closed.
      </p>
      <h2>Council staff</h2>
      <p>
        Staff access is granted by each council's account manager. What staff publish is the council's responsibility
        and is shown to the public as the council's information.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms as the service develops. The version in the app is the one that applies.</p>
    </>
  );
}
