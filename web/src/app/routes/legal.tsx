import { NavLink, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { Attributions } from '../../features/legal/components/Attributions';
import { PrivacyPolicy } from '../../features/legal/components/PrivacyPolicy';
import { TermsOfUse } from '../../features/legal/components/TermsOfUse';
import { NotFoundPage } from './not-found';

const documents = {
  terms: { title: 'Terms of use', Body: TermsOfUse },
  privacy: { title: 'Privacy policy', Body: PrivacyPolicy },
} as const;

export function LegalPage() {
  const { document: slug = 'terms' } = useParams();
  const doc = documents[slug as keyof typeof documents];
  if (!doc) return <NotFoundPage />;
  return (
    <div className="prose">
      <PageHeader title="Legal & Privacy" />
      <nav className="tabs" aria-label="Legal documents">
        <NavLink to="/legal/terms" className="tab">Terms of use</NavLink>
        <NavLink to="/legal/privacy" className="tab">Privacy policy</NavLink>
      </nav>
      <article aria-labelledby="legal-doc-title">
        <h2 id="legal-doc-title" className="visually-hidden">{doc.title}</h2>
        <doc.Body />
      </article>
      <Attributions />
    </div>
  );
}
