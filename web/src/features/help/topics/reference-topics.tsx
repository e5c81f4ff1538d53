// Reference help: what each closure type and road condition means.
import type { HelpTopic } from '../help-topic';

export const closureTypes: HelpTopic = {
  slug: 'closure-types',
  title: 'Closure types',
  summary: 'The eight kinds of closure and incident.',
  body: (
    <>
      <dl className="help-terms">
        <dt>Flooding</dt><dd>Water over the road or a causeway. Never drive through floodwater.</dd>
        <dt>Roadworks</dt><dd>Planned works: full closures, lane closures, lights or lower speed limits.</dd>
        <dt>Crash</dt><dd>A collision blocking or affecting the road.</dd>
        <dt>Hazard</dt><dd>Something on or beside the road: a fallen tree, debris, a washout, stock.</dd>
        <dt>Fire</dt><dd>Bush or grass fire, or smoke. Follow the fire service&apos;s advice first.</dd>
        <dt>Storm damage</dt><dd>Wind or hail damage: trees and power lines down, road damage.</dd>
        <dt>Event</dt><dd>A planned event such as a parade, market or race.</dd>
        <dt>Other</dt><dd>Anything else the council needs to close a road for.</dd>
      </dl>
    </>
  ),
};

export const roadConditions: HelpTopic = {
  slug: 'road-conditions',
  title: 'Road conditions',
  summary: 'What the colours on the map and the unsealed-road statuses mean.',
  body: (
    <>
      <h2>On the map</h2>
      <dl className="help-terms">
        <dt><span className="help-swatch help-swatch--closed" aria-hidden="true" /> Closed (red)</dt><dd>The road is closed to traffic. Directions keep off it.</dd>
        <dt><span className="help-swatch help-swatch--changed" aria-hidden="true" /> Changed conditions (amber)</dt><dd>Open with changes: one lane, lights, a lower speed limit. Directions may still use it.</dd>
        <dt><span className="help-swatch help-swatch--opened" aria-hidden="true" /> Reopened (green)</dt><dd>Reopened within the last 24 hours.</dd>
        <dt><span className="help-swatch help-swatch--scheduled" aria-hidden="true" /> Scheduled (grey, dashed)</dt><dd>A planned closure that has not started yet.</dd>
      </dl>
      <h2>Unsealed roads</h2>
      <p>Councils announce the status of all their unsealed (gravel and dirt) roads at once, usually after rain:</p>
      <dl className="help-terms">
        <dt>Open</dt><dd>Usable as normal. A council with no announcement is open.</dd>
        <dt>Restricted</dt><dd>Open only to vehicles up to a gross vehicle mass (GVM) the council sets, for example 4.5 t. Heavier vehicles must keep off.</dd>
        <dt>Closed</dt><dd>All unsealed roads of the council are closed.</dd>
      </dl>
      <p>Announcements can end automatically at a time the council sets. Subscribers to the council are notified of every change.</p>
    </>
  ),
};
