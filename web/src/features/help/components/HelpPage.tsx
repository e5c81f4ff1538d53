// /help/{topic}: the twelve help pages with a list of topics beside them (above them on a phone).
import { Link, NavLink, useLocation } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { HELP_PAGES } from '../help-pages';
import './help.css';

export function HelpPage() {
  const { pathname } = useLocation();
  const slug = pathname.replace(/^\/help\/?/, '').split('/')[0] || 'introduction';
  const index = HELP_PAGES.findIndex((topic) => topic.slug === slug);
  const topic = HELP_PAGES[index] ?? HELP_PAGES[0];
  const next = HELP_PAGES[index + 1];
  return (
    <div className="help">
      <nav className="help__topics" aria-label="Help topics">
        <ul>
          {HELP_PAGES.map((t) => (
            <li key={t.slug}>
              <NavLink to={`/help/${t.slug}`}>{t.title}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="help__article">
        <PageHeader title={topic.title}>{topic.summary}</PageHeader>
        <div className="help__body">{topic.body}</div>
        {next && (
          <p className="help__next">
            Next: <Link to={`/help/${next.slug}`}>{next.title}</Link>
          </p>
        )}
      </article>
    </div>
  );
}
