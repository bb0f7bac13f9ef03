import { useEffect, useState } from 'react';
import { useLocation } from '../context.ts';

/** The production error codes. `?code=N` (how Redux's minified errors link here) shows that one first. */
export function ErrorsPage({ errors }: { errors: Record<string, string> }) {
  const code = useRequestedCode();
  const message = code !== undefined ? errors[code] : undefined;
  return (
    <div className="errors-page">
      <h1>Production Error Codes</h1>
      <p>
        The minified production build of Redux replaces its error messages with short codes to keep the
        bundle small. Each code links here; the table lists the full development message for every code.
      </p>
      {code !== undefined ? (
        <div className="error-lookup" role="region" aria-label={`Error ${code}`}>
          <h2>Error {code}</h2>
          {message ? <p className="error-message">{message}</p> : <p>There is no error with code “{code}” in Redux 5.</p>}
        </div>
      ) : null}
      <table className="errors-table">
        <thead><tr><th scope="col">Code</th><th scope="col">Message</th></tr></thead>
        <tbody>
          {Object.entries(errors).map(([errorCode, text]) => (
            <tr key={errorCode} id={`error-${errorCode}`}><td><a href={`?code=${errorCode}`}>{errorCode}</a></td><td>{text}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Read after hydration: the static HTML cannot know the query string. */
function useRequestedCode(): string | undefined {
  const { search } = useLocation();
  const [code, setCode] = useState<string | undefined>(undefined);
  useEffect(() => setCode(new URLSearchParams(search).get('code') ?? undefined), [search]);
  return code;
}
