import { createContext, useContext } from 'react';
import type { SiteData } from '../shared/types.ts';

export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteContext.Provider> above it');
  return site;
}

/** The current location; `navigate` does a client-side navigation in the browser. */
export interface Location { pathname: string; search: string; hash: string }
export const LocationContext = createContext<Location>({ pathname: '/', search: '', hash: '' });
export const useLocation = (): Location => useContext(LocationContext);

/** Client-side navigation; on the server (and before hydration) it falls back to a full load. */
export type Navigate = (href: string) => void;
export const NavigateContext = createContext<Navigate>((href) => {
  window.location.assign(href);
});
export const useNavigate = (): Navigate => useContext(NavigateContext);
