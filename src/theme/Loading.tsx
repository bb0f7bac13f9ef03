import { useEffect, useState } from 'react';

export const LOADING_DELAY_MS = 200;

/** A centred spinner that appears only if loading takes longer than 200 ms, to avoid a flash. */
export function Loading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="loading" role="status" aria-label="Loading page">
      <span className="loading-spinner" aria-hidden="true" />
    </div>
  );
}

/** A failed chunk load: what went wrong and a way out. */
export function LoadError({ error }: { error: Error }) {
  return (
    <div className="load-error" role="alert">
      <p>{error.message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>Retry</button>
    </div>
  );
}
