import { useSite } from './context.ts';
import { ExternalLink } from './Link.tsx';

export function Footer() {
  const { footer } = useSite();
  if (!footer) return null;
  return (
    <footer className="footer">
      {footer.columns.length > 0 ? <div className="footer-columns">
        {footer.columns.map((column) => (
          <div key={column.title} className="footer-column">
            {column.title ? <h2 className="footer-title">{column.title}</h2> : null}
            <ul className="footer-items">
              {column.items.map((item, index) => 'html' in item ? <li key={index} dangerouslySetInnerHTML={{ __html: item.html }} /> : (
                <li key={index}>
                  {item.target === '_blank'
                    ? <ExternalLink className="footer-link" href={item.href}>{item.image ? <img src={item.image} alt={item.label} width="114" height="51" loading="lazy" /> : item.label}</ExternalLink>
                    : <a className="footer-link" href={item.href} target={item.target}>{item.label}</a>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div> : null}
      <div className="footer-bottom">
        {footer.logo.src ? (
          <a href={footer.logo.href} className="footer-logo-link">
            <img className="footer-logo" src={footer.logo.src} alt={footer.logo.alt} width="48" height="48" />
          </a>
        ) : null}
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}

/**
 * The footer in the browser: the same on every page, so the element the server rendered is kept as it
 * is, and neither the footer's code nor its links are part of the runtime.
 */
export function KeptFooter() {
  return <footer className="footer" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
