import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

// The enquiry form (and the UI kit it is built with) sits at the foot of the page: it loads after the first paint.
const ContactForm = lazy(() => import('../../features/admin/components/ContactForm').then((m) => ({ default: m.ContactForm })));
import './home.css';

function HeroMap() {
  // A stylised town map: a highway, side streets, and one closed section with a detour.
  return (
    <svg className="hero__map" viewBox="0 0 360 260" role="img" aria-label="Illustration: a map with a closed road and a detour">
      <rect width="360" height="260" rx="18" fill="#f4f1e8" />
      <path d="M0 70h360M0 190h360M80 0v260M250 0v260" stroke="#fff" strokeWidth="14" />
      <path d="M0 130C90 120 160 150 360 120" stroke="#f8d48a" strokeWidth="18" fill="none" />
      <path d="M0 130C90 120 160 150 360 120" stroke="#e6b65c" strokeWidth="2" fill="none" />
      <path d="M130 132C160 140 185 141 215 136" stroke="#c62828" strokeWidth="10" strokeDasharray="10 6" fill="none" strokeLinecap="round" />
      <path d="M118 128 C118 70 230 70 232 130" stroke="#1d5c96" strokeWidth="5" fill="none" strokeDasharray="2 8" strokeLinecap="round" />
      <rect x="30" y="20" width="34" height="34" rx="4" fill="#d6e5c9" />
      <rect x="280" y="205" width="60" height="40" rx="4" fill="#d6e5c9" />
      <rect x="100" y="200" width="120" height="40" rx="4" fill="#cfe0ee" />
      <g transform="translate(172 96)">
        <path d="M0 -30c-13 0-22 9-22 21 0 17 22 39 22 39s22-22 22-39c0-12-9-21-22-21z" fill="#c62828" />
        <rect x="-9" y="-14" width="18" height="6" rx="1.5" fill="#fff" />
      </g>
      <g transform="translate(22 212)">
        <rect width="150" height="34" rx="8" fill="#fff" stroke="#d9e0e8" />
        <circle cx="16" cy="17" r="6" fill="#c62828" />
        <text x="30" y="21" fontSize="11" fill="#1b2430" fontFamily="system-ui, sans-serif">Flooding · Newell Hwy</text>
      </g>
    </svg>
  );
}

const audiences = [
  {
    title: 'Residents and travellers',
    points: [
      'See every closure your council has published, on a map or as a list.',
      'Follow a closure, or your whole council area, and get notified when it changes.',
      'Report a hazard with a photo so council staff can act on it.',
      'Ask for directions that go around closed roads.',
    ],
  },
  {
    title: 'Council staff',
    points: [
      'Draw closures that snap to real roads, schedule them and reopen them.',
      'Moderate public reports, grouped by place, and turn them into closures.',
      'Announce the status of unsealed roads with vehicle limits.',
      'Produce social posts and embed the live map on your council website.',
    ],
  },
];

export function HomePage() {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">For Australian councils and the people who drive their roads</p>
          <h1 id="hero-title">Know which roads are closed before you head out.</h1>
          <p className="hero__lead">
            Road closures, flood cuts and roadworks from your local council, on one map that works on your phone and keeps
            working when the reception drops out.
          </p>
          <div className="hero__actions">
            <Link to="/map" className="button button--primary">Open the map</Link>
            <Link to="/login" className="button button--ghost">Sign in</Link>
          </div>
          <p className="hero__small">
            New here? <Link to="/sign-up">Create a free account</Link> to follow closures and report hazards.
          </p>
        </div>
        <HeroMap />
      </section>

      <section className="home-audiences" aria-label="Who it is for">
        {audiences.map((a) => (
          <article key={a.title} className="panel">
            <h2>{a.title}</h2>
            <ul className="tick-list">
              {a.points.map((p) => <li key={p}>{p}</li>)}
            </ul>
          </article>
        ))}
      </section>

      <section className="home-features" aria-label="How it works">
        <div>
          <h3>Made for patchy reception</h3>
          <p>Install it like an app. Council boundaries stay on your device, and the map shows when it was last updated.</p>
        </div>
        <div>
          <h3>Straight from council</h3>
          <p>Closures come from the council staff who manage the roads, not from guesswork or scraped feeds.</p>
        </div>
        <div>
          <h3>Alerts that matter</h3>
          <p>Follow only the closures and areas you care about. No account is needed to look at the map.</p>
        </div>
      </section>

      <section className="home-council panel" aria-labelledby="council-title">
        <div>
          <h2 id="council-title">Work for a council?</h2>
          <p>
            Create an account with your work email, then ask for access to your council. Your account manager assigns
            roles for closures, moderation, communications and announcements.
          </p>
        </div>
        <div className="home-council__actions">
          <Link to="/sign-up" className="button button--primary">Create an account</Link>
          <Link to="/help" className="button button--outline">Read the help</Link>
        </div>
      </section>

      <Suspense fallback={<p className="muted">Loading the enquiry form…</p>}>
        <ContactForm />
      </Suspense>
    </div>
  );
}
