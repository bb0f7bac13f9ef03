import { ExternalLink } from '../Link.tsx';
import { useSite } from '../context.ts';

export interface HomeCopy {
  hero: { title: string; tagline: string; cta: { label: string; to: string } };
  features: { title: string; body: string }[];
  related: { title: string; href: string; body: string }[];
}

export function HomePage({ copy }: { copy: HomeCopy }) {
  const { baseUrl } = useSite();
  // The logo and the copy's `to` are paths from the site root (shared/paths.ts's withBaseUrl would be
  // bundled into this lazy part and the runtime both).
  const sitePath = (path: string) => baseUrl + path.replace(/^\/+/, '');
  return (
    <div className="home">
      <header className="hero">
        <img className="hero-logo" src={sitePath('/img/redux.svg')} alt="" width="96" height="96" />
        <h1 className="hero-title">{copy.hero.title}</h1>
        <p className="hero-tagline">{copy.hero.tagline}</p>
        <a className="button button-primary" href={sitePath(copy.hero.cta.to)}>{copy.hero.cta.label}</a>
      </header>
      <section className="features" aria-label="Features">
        {copy.features.map((feature) => (
          <div key={feature.title} className="feature">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </div>
        ))}
      </section>
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">Other libraries from the Redux team</h2>
        <div className="related-items">
          {copy.related.map((library) => (
            <div key={library.title} className="related-item">
              <h3><ExternalLink href={library.href}>{library.title}</ExternalLink></h3>
              <p>{library.body}</p>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
