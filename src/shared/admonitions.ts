/** The admonition types (`:::note`, `<Admonition type="tip">`), as Docusaurus names them. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'warning', 'danger', 'important'] as const;
