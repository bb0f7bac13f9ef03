import { useSite } from '../context.ts';

export function NotFoundPage() {
  const { navbar } = useSite();
  return (
    <div className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>Try the search box, or start again from the <a href={navbar.homeHref}>home page</a>.</p>
    </div>
  );
}
