/**
 * The live-reload client, injected as an inline script into every HTML page the dev server sends
 * (never into the production build, whose CSP allows no such script). It listens to the server's
 * events: `reload` (permalinks rendered again, or "all") reloads the tab when its page is among
 * them; `build-error` shows a fixed overlay naming the file and line; the next successful rebuild
 * removes it by reloading. A new server (restarted `npm start`) reloads the tab too.
 */
export const EVENTS_PATH = '/__dev/events';

const SCRIPT = `(function () {
  var server = null, failed = false, overlay = null;
  function trim(p) {
    try { p = decodeURIComponent(p); } catch (e) {}
    p = p.replace(/\\/index\\.html$/, '/').replace(/\\.html$/, '');
    return p.replace(/\\/+$/, '') || '/';
  }
  function shownPages() {
    var pages = [trim(location.pathname)];
    var canonical = document.querySelector('link[rel="canonical"]');
    if (canonical) try { pages.push(trim(new URL(canonical.href).pathname)); } catch (e) {}
    return pages;
  }
  function el(tag, text, css) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    node.style.cssText = css;
    return node;
  }
  function hide() {
    if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
    overlay = null;
  }
  function show(errors) {
    hide();
    overlay = el('div', '', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;box-sizing:border-box;padding:32px;background:rgba(24,24,32,.94);color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left');
    overlay.id = '__dev-build-error';
    overlay.setAttribute('role', 'alert');
    var close = el('button', '\\u00d7', 'position:absolute;top:12px;right:16px;background:none;border:0;color:inherit;font-size:24px;cursor:pointer');
    close.setAttribute('aria-label', 'Hide the build error');
    close.onclick = hide;
    overlay.appendChild(close);
    overlay.appendChild(el('div', 'Build failed. This tab shows the last good build; it reloads by itself when the problem is fixed.', 'color:#fca5a5;font-weight:bold;font-size:16px;margin-bottom:16px'));
    errors.forEach(function (error) {
      var box = el('div', '', 'margin:0 0 16px;padding:12px 16px;border-left:4px solid #f87171;background:rgba(255,255,255,.06)');
      if (error.file) box.appendChild(el('div', error.file + (error.line ? ':' + error.line + (error.column ? ':' + error.column : '') : ''), 'color:#7dd3fc;font-weight:bold'));
      box.appendChild(el('pre', error.message, 'margin:4px 0 0;white-space:pre-wrap;font:inherit'));
      if (error.fix) box.appendChild(el('div', '\\u2192 ' + error.fix, 'color:#86efac;margin-top:4px'));
      overlay.appendChild(box);
    });
    (document.body || document.documentElement).appendChild(overlay);
  }
  if (!window.EventSource) return;
  var source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  source.addEventListener('hello', function (event) {
    var data = JSON.parse(event.data);
    if ((server !== null && server !== data.server) || (failed && !data.failing)) location.reload();
    server = data.server;
  });
  source.addEventListener('build-error', function (event) {
    failed = true;
    show(JSON.parse(event.data).errors);
  });
  source.addEventListener('reload', function (event) {
    var data = JSON.parse(event.data);
    if (failed) return location.reload();
    var shown = shownPages();
    if (data.pages === 'all' || data.pages.some(function (page) { return shown.indexOf(trim(page)) !== -1; })) location.reload();
  });
})();`;

/** Adds the reload client to a page (before `</body>`, or at the end). */
export function injectReloadClient(html: string): string {
  const tag = `<script data-dev-reload>${SCRIPT}</script>`;
  const index = html.lastIndexOf('</body>');
  return index === -1 ? html + tag : `${html.slice(0, index)}${tag}\n${html.slice(index)}`;
}
