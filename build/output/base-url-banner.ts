import { RUNTIME_MARKER } from '../../src/shared/runtime.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

/**
 * The home page's inline check for a site served under another path than its baseUrl: the scripts and
 * styles then 404, so the runtime never sets its marker. Deferred module scripts run before
 * DOMContentLoaded, so a missing marker at that moment means the runtime did not start. The banner is
 * styled through the CSSOM (allowed by a CSP without 'unsafe-inline'), as the site's CSS may be missing.
 */
export function baseUrlBannerScript(config: SiteConfig): string | undefined {
  if (!config.baseUrlIssueBanner) return undefined;
  return `(function(){document.addEventListener('DOMContentLoaded',function(){if(window.${RUNTIME_MARKER})return;`
    + `var path=location.pathname.replace(/index\\.html$/,''),suggested=path.slice(-1)==='/'?path:path+'/',configured=${JSON.stringify(config.baseUrl)};`
    + `var box=document.createElement('div');box.id='base-url-issue-banner';box.setAttribute('role','alert');`
    + `var s=box.style;s.padding='16px 20px';s.margin='0';s.background='#fff3cd';s.color='#3d2c00';s.borderBottom='3px solid #b7791f';s.font='16px/1.5 system-ui,sans-serif';`
    + `box.textContent='This site did not load properly: its scripts and styles are requested under the base URL "'+configured+'" set in the site config, but this page is served from "'+path+'". '`
    + `+(suggested===configured?'Check that the files of the build are deployed next to this page.':'Try baseUrl: "'+suggested+'" in the site config, then rebuild.');`
    + `document.body.insertBefore(box,document.body.firstChild)})})();`;
}
