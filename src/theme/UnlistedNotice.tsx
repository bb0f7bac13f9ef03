/** Above an unlisted doc's body, as Docusaurus shows it; rendered into the body HTML by the build. */
export function UnlistedNotice() {
  return (
    <div className="admonition admonition-caution unlisted-notice" role="note">
      <p className="admonition-heading">Unlisted page</p>
      <div className="admonition-content"><p>This page is unlisted. Search engines will not index it, and only readers who have a direct link can reach it.</p></div>
    </div>
  );
}
