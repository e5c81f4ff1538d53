// Help for everyone: what the app is, first steps, finding your way, subscriptions and reports.
import { Link } from 'react-router-dom';
import type { HelpTopic } from '../help-topic';
import { HelpFigure } from '../components/HelpFigure';

export const introduction: HelpTopic = {
  slug: 'introduction',
  title: 'Introduction',
  summary: 'What Road Closures is and who it is for.',
  body: (
    <>
      <p>
        Road Closures shows the roads your council has closed or restricted, on a map and as a list, and keeps you told
        when something changes. Councils publish closures here first, so what you see is what the council&apos;s road
        crews are working from.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>See closures on the <Link to="/map">map</Link>: red for closed, amber for changed conditions (for example one lane), green for roads reopened in the last day, grey dashed for closures scheduled to start later.</li>
        <li>Get directions that keep off closed roads.</li>
        <li>Subscribe to a closure or to a whole council area and get a notification (in the app, and on your phone if you turn on push notifications) when it changes.</li>
        <li>Report an incident you come across (a flooded causeway, a fallen tree) with photos, so the council can act on it.</li>
        <li>Check whether a council&apos;s unsealed (gravel and dirt) roads are open, closed or restricted to lighter vehicles after rain.</li>
      </ul>
      <h2>When the signal drops</h2>
      <p>
        Install the app on your phone (profile menu, <strong>Install app</strong>). The closures you last looked at stay
        readable without reception, marked with the time they were saved, and a banner tells you when you went offline.
      </p>
      <h2>For councils</h2>
      <p>
        Council staff draw and manage closures, moderate residents&apos; reports, announce unsealed-road status, write
        social posts and put the map on the council website. See <Link to="/help/lga-management">LGA management</Link> to get started.
      </p>
    </>
  ),
};

export const gettingStarted: HelpTopic = {
  slug: 'getting-started',
  title: 'Getting started',
  summary: 'Create an account, choose your council and turn on notifications.',
  body: (
    <>
      <p>You can look at the map without an account. An account lets you subscribe, report incidents and get notifications.</p>
      <ol>
        <li><strong>Create an account</strong> on <Link to="/sign-up">Sign up</Link> with your name, email and a password, or sign in with an email link (we email you a one-time link; no password needed).</li>
        <li><strong>Choose your council.</strong> After signing up you land on the welcome page: search for your council by name or use your location. This sets the area your dashboard and map open on.</li>
        <li><strong>Subscribe</strong> to your council area (up to five areas) so you hear about new closures there.</li>
        <li><strong>Turn on push notifications</strong> from the profile menu or the dashboard card if you want alerts on your phone when the app is closed. Your browser asks for permission only after you choose this.</li>
      </ol>
      <h2>Signing in</h2>
      <p>
        Use the email and password you signed up with, or <strong>Sign in with an email link</strong>: enter your email, open the
        link we send within 15 minutes, and confirm. Google, Microsoft and Facebook buttons appear where your council&apos;s
        deployment has them switched on.
      </p>
    </>
  ),
};

export const navigating: HelpTopic = {
  slug: 'navigating',
  title: 'Navigating the app',
  summary: 'The menu, the map and the list, on a computer or a phone.',
  body: (
    <>
      <h2>The top bar</h2>
      <ul>
        <li><strong>Dashboard</strong>: your council, its closure summary, recent changes and your subscriptions. Staff see a card for each of their roles.</li>
        <li><strong>Map</strong> (or <strong>Public Map</strong> and <strong>Staff Map</strong> for council staff).</li>
        <li>The <strong>bell</strong> shows your ten newest notifications; unread ones are marked.</li>
        <li>The <strong>profile menu</strong>: push notifications, install the app, your subscriptions, your incident reports, settings and sign out.</li>
      </ul>
      <p>On a phone (or any screen up to 768 pixels wide) the menu folds into the ☰ button.</p>
      <h2>The map and its list</h2>
      <HelpFigure
        src="/help/map.jpg"
        width={1100}
        height={720}
        alt="The public map of Forbes: a red flooding closure on the Newell Highway and an amber roadworks closure east of Forbes, the directions panel and the list of closures beside the map."
        caption="The public map: closures on the map, directions and the list of closures in view beside it."
      />
      <p>
        Every closure on the map is also in the list beside it (below it on a phone), sorted by distance from the centre of
        the map, so you can use the app with a keyboard or a screen reader. Select a closure in either to see its details,
        photos and reopening estimate. Pan or zoom and both update.
      </p>
      <h2>Keyboard</h2>
      <p>
        <kbd>Tab</kbd> moves through links, buttons and list entries; <kbd>Enter</kbd> opens them; the arrow keys and
        <kbd>+</kbd>/<kbd>-</kbd> move and zoom the map when it has focus. &ldquo;Skip to content&rdquo; is the first stop on every page.
      </p>
    </>
  ),
};

export const subscriptions: HelpTopic = {
  slug: 'subscriptions',
  title: 'Subscriptions',
  summary: 'Hear about one closure or a whole council area.',
  body: (
    <>
      <h2>A closure</h2>
      <p>
        Open a closure on the map and choose <strong>Subscribe</strong>. You are told when it changes (for example a new
        reopening estimate) and when it reopens. Unsubscribe the same way, or from <Link to="/subscriptions">My subscriptions</Link>.
      </p>
      <h2>A council area</h2>
      <p>
        Subscribe to a council to hear about every new closure and every unsealed-road announcement there. You can follow
        up to five council areas, for example where you live, work and travel.
      </p>
      <h2>How you are told</h2>
      <p>
        Notifications appear under the bell. Turn on push notifications to get them on your device as well. In{' '}
        <Link to="/profile/notifications">Notification settings</Link> you choose, separately for closure updates, council
        updates and the outcome of your reports, whether you want them in the app, as push, or both. Notifications are kept
        for seven days.
      </p>
    </>
  ),
};

export const reportingIncidents: HelpTopic = {
  slug: 'reporting-incidents',
  title: 'Reporting incidents',
  summary: 'Tell the council about a hazard, with photos.',
  body: (
    <>
      <HelpFigure
        src="/help/report.jpg"
        width={390}
        height={1340}
        narrow
        alt="The Report an incident page on a phone: a pin on the Newell Highway placed with Use my location, the type set to Flood and a description of water over the road."
        caption="A report on a phone: the pin, the type and what you see."
      />
      <ol>
        <li>Choose <Link to="/report">Report an incident</Link> and put the pin where the problem is.</li>
        <li>Pick what it is (flooding, crash, hazard, fire, storm damage, roadworks, event or other) and describe it in up to 1,000 characters.</li>
        <li>Add up to four photos (each up to 10 MB). Location data inside photos is removed before anyone else can see them.</li>
        <li>Before you send, the app shows closures and reports already within 500 m: if yours is one of them, subscribe instead.</li>
      </ol>
      <p>
        Reports of the same kind within 250 m of each other are grouped, so the council sees one incident reported by several
        people. A moderator approves it (it becomes a closure on the map) or declines it with a reason, and you are notified
        either way. Follow your reports in <Link to="/my-reports">My incident reports</Link>; you can retract one at any time.
      </p>
      <p>You can send up to 10 reports an hour. In an emergency call 000 first.</p>
    </>
  ),
};
