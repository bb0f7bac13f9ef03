import type { SiteConfig } from '../../src/shared/types.ts';
import { createHash } from 'node:crypto';
import { baseUrlBannerScript } from './base-url-banner.ts';

/**
 * The Content-Security-Policy of every page: scripts from the site itself, the inline scripts the build
 * writes (allowed by hash), the analytics script's origin only when the config names one, frames
 * from the hosts the pages embed only, the inline styles the pages keep, each by its hash, and the
 * https origins the site's CSS loads stylesheets and fonts from (site/site-css.ts).
 */
/**
 * What the pages need: the hosts their iframes load, each inline style they keep, and the origins of
 * the stylesheets and fonts the site's CSS names.
 */
export interface PageNeeds { frameHosts: string[]; inlineStyles: string[]; styleOrigins: string[]; fontOrigins: string[] }

export function contentSecurityPolicy(config: SiteConfig, themeScript: string, { frameHosts, inlineStyles, styleOrigins, fontOrigins }: PageNeeds): string {
  const inline = [themeScript, baseUrlBannerScript(config)].filter((script) => script !== undefined);
  const analytics = config.analytics ? [new URL(config.analytics.src).origin] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline.map((script) => `'${cspHash(script)}'`), "'wasm-unsafe-eval'", ...analytics].join(' '),
    // A style attribute is allowed only by the hash of its exact value ('unsafe-hashes' is what lets a hash apply to attributes).
    ["style-src 'self'", ...styleOrigins, ...(inlineStyles.length > 0 ? ["'unsafe-hashes'", ...inlineStyles.map((style) => `'${cspHash(style)}'`)] : [])].join(' '),
    "img-src 'self' data: https:",
    ...(fontOrigins.length > 0 ? [["font-src 'self'", ...fontOrigins].join(' ')] : []),
    ["connect-src 'self'", ...analytics].join(' '),
    ...(frameHosts.length > 0 ? [['frame-src', ...frameHosts.map((host) => `https://${host}`)].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Netlify/Cloudflare-style `_headers`: the CSP and hardening headers, long caching for hashed assets. */
export function securityHeaders(config: SiteConfig, themeScript: string, needs: PageNeeds): string {
  const csp = contentSecurityPolicy(config, themeScript, needs);
  return `/*\n  Content-Security-Policy: ${csp}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n`;
}

/** A CSP source for an inline script or style attribute by its content: `sha256-<base64>`. */
export function cspHash(content: string): string {
  return `sha256-${createHash('sha256').update(content).digest('base64')}`;
}
