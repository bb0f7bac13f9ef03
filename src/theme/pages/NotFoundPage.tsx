export function NotFoundPage() {
  return (
    <div className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>Try the search box, start from <a href="/introduction/getting-started">Getting Started</a>, or go back to the <a href="/">home page</a>.</p>
    </div>
  );
}
