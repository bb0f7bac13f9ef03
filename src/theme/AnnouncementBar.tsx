import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../shared/paths.ts';
import { useSite } from './context.ts';

/**
 * The bar above the navbar. Its dismissal is stored per announcement id, so publishing a new
 * announcement (a new id) shows the bar again to readers who closed the previous one.
 */
export function AnnouncementBar() {
  const bar = useSite().announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar) return;
    try {
      const storedId = localStorage.getItem(STORAGE_KEYS.announcementId);
      if (storedId !== bar.id) {
        localStorage.setItem(STORAGE_KEYS.announcementId, bar.id);
        localStorage.setItem(STORAGE_KEYS.announcementDismiss, 'false');
      }
      setDismissed(bar.isCloseable && localStorage.getItem(STORAGE_KEYS.announcementDismiss) === 'true');
    } catch {
      // No storage: always show the bar.
    }
  }, [bar]);
  if (!bar || dismissed) return null;
  const close = () => {
    localStorage.setItem(STORAGE_KEYS.announcementDismiss, 'true');
    setDismissed(true);
  };
  return (
    <section className="announcement-bar" aria-label="Announcement" data-announcement-id={bar.id}>
      {/* The content comes from site.config.ts, written by the site's maintainers. */}
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? <button type="button" className="announcement-bar-close" aria-label="Close" onClick={close}>×</button> : null}
    </section>
  );
}
