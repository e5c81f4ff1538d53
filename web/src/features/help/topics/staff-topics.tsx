// Help for council staff: managing the council's account, closures, reports, social posts and the
// council website.
import { Link } from 'react-router-dom';
import type { HelpTopic } from '../help-topic';
import { HelpFigure } from '../components/HelpFigure';

export const lgaManagement: HelpTopic = {
  slug: 'lga-management',
  title: 'LGA management',
  summary: 'Roles, access requests and your council\'s subscription.',
  body: (
    <>
      <h2>Roles</h2>
      <p>Staff hold one or more roles for their council (local government area, LGA):</p>
      <dl className="help-terms">
        <dt>Account manager</dt><dd>Assigns roles, answers access requests and looks after billing.</dd>
        <dt>Closure administrator</dt><dd>Draws, schedules, updates and reopens closures.</dd>
        <dt>Submission moderator</dt><dd>Approves or declines residents&apos; incident reports.</dd>
        <dt>Media and comms manager</dt><dd>Writes social posts, embeds the map on the council website, exports evidence reports.</dd>
        <dt>Announcement manager</dt><dd>Sets the status of the council&apos;s unsealed roads.</dd>
      </dl>
      <h2>Giving colleagues access</h2>
      <p>
        An account manager adds a colleague by email on <strong>Manage LGA → User Role Assignment</strong> and ticks their roles.
        Colleagues can also ask: once they sign up with their council email address they see <strong>Request Access to LGA</strong>;
        the request appears on the account manager&apos;s dashboard to accept (roles can be adjusted) or reject. A council
        always keeps at least one account manager.
      </p>
      <h2>Subscription</h2>
      <p>
        Councils subscribe to use the staff features, with a 30-day trial. While the subscription is active or in trial, all
        staff features are on. If it is cancelled or unpaid, the council&apos;s data stays, the public map keeps showing its
        closures, and staff can still manage roles and billing; drawing closures, moderation and communications pause until
        the council subscribes again.
      </p>
    </>
  ),
};

export const closureAdministration: HelpTopic = {
  slug: 'closure-administration',
  title: 'Closure administration',
  summary: 'Draw, schedule, update and reopen closures.',
  body: (
    <>
      <h2>Drawing a closure</h2>
      <HelpFigure
        src="/help/staff-map.jpg"
        width={1100}
        height={720}
        alt="The staff map of Forbes: the council's boundary, its closures (flooding, a scheduled event and roadworks) on the map and in the list, and the New closure button."
        caption="The staff map: your council's closures, scheduled ones included, and New closure."
      />
      <ol>
        <li>Open the <Link to="/staff-map">Staff map</Link> and choose <strong>New closure</strong>.</li>
        <li>Click points along the closed road. Each pair of points is snapped to the road as you go; <strong>Undo</strong> removes the last point. Add another region for a second stretch.</li>
        <li>Continue to the details: type, reason, and optionally when it starts (scheduled) and when you expect to reopen.</li>
      </ol>
      <h3>If snapping fails</h3>
      <ul>
        <li><em>Distance between points is more than 10km. Please mark points closer together.</em> Add points in between.</li>
        <li><em>Too far from a road. Please zoom in and try again.</em> A point is more than 100 m from any road.</li>
        <li><em>No path found. Points may be too far apart.</em> The points are not connected by road within reach; check they are on the same road.</li>
      </ul>
      <p>Every point of a closure must lie within your council area (roads on the boundary are allowed a small margin).</p>
      <h2>The closure lists</h2>
      <p>
        <Link to="/closures/active">Administer Closures</Link> has one tab per view: active, scheduled, recently opened,
        reopening scheduled (an estimate is set), reopening overdue (the estimate has passed), stale (not updated for seven
        days), archived and deleted.
      </p>
      <h2>Reopening</h2>
      <p>
        <strong>Reopen</strong> shows the road as open (green) straight away. Reopened closures are archived and leave the map
        after 24 hours. Deleted closures can be restored from the deleted tab.
      </p>
      <h2>Reminders</h2>
      <p>
        Closure administrators get a reminder notification listing closures starting soon, overdue for reopening and stale.
        Open it and mark each one actioned once you have dealt with it.
      </p>
    </>
  ),
};

export const reportModeration: HelpTopic = {
  slug: 'report-moderation',
  title: 'Report moderation',
  summary: 'Turn residents\' reports into closures, or decline them.',
  body: (
    <>
      <p>
        Residents&apos; reports of the same kind within about 250 m are grouped into one cluster, so ten reports of one
        fallen tree are one decision. The dashboard card shows the newest pending clusters; the full lists are under{' '}
        <strong>Manage LGA → Moderate Incident Reports</strong>.
      </p>
      <ul>
        <li><strong>Approve</strong> creates a closure on the road at the cluster&apos;s centre and marks every report in it approved. Adjust the centre, radius or type first if needed.</li>
        <li><strong>Reject</strong> with a reason the reporters will read.</li>
        <li>A single report can be approved or denied on its own from its page.</li>
      </ul>
      <p>Reporters are notified of the outcome. Moderation needs an active subscription.</p>
    </>
  ),
};

export const socialsContentGeneration: HelpTopic = {
  slug: 'socials-content-generation',
  title: 'Social content generation',
  summary: 'Draft social media posts about closures.',
  body: (
    <>
      <ol>
        <li>Under <strong>Communications → Social content tasks</strong>, create a task and pick up to 26 closures.</li>
        <li><strong>Generate</strong> writes one post per closure from its facts: type, road, locality, reason, expected reopening and a link to the closure on the public map. The page updates as the posts arrive.</li>
        <li>Edit any post, then <strong>Approve</strong> the task. Copy each post to the clipboard and download a map image to go with it.</li>
      </ol>
      <p>A task is shown as Draft, Generating, Awaiting Approval, Approved, or Error (with the reason; generate again to retry).</p>
    </>
  ),
};

export const websiteIntegration: HelpTopic = {
  slug: 'website-integration',
  title: 'Website integration',
  summary: 'Put the closures map on the council website, and publish open data feeds.',
  body: (
    <>
      <p>
        <strong>Communications → Website integration</strong> gives you a snippet to paste into your website: a frame showing
        your council&apos;s closures as a map and list, with the unsealed-roads banner when there is one. Choose the height and
        whether the list or the map comes first, preview it, and copy it. The embedded map signs nobody in and stores nothing
        on visitors&apos; devices; visits are counted for your records.
      </p>
      <HelpFigure
        src="/help/embed.jpg"
        width={800}
        height={560}
        alt="The embedded map of Forbes as it shows on a council website: the title Road closures in Forbes, the map with its closures, directions and the list."
        caption="The embedded map, as your website's visitors see it."
      />
      <h2>Open data feeds</h2>
      <p>The same page lists your council&apos;s feeds, updated on every change, for navigation apps and data portals:</p>
      <ul>
        <li>GeoJSON of active closures;</li>
        <li>WZDx 4.2 (the Work Zone Data Exchange format used by navigation providers);</li>
        <li>Waze partner closures feed (CIFS XML).</li>
      </ul>
    </>
  ),
};
