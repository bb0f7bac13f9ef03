/** The window property the client runtime sets as soon as it runs; the home page's base URL check reads it. */
export const RUNTIME_MARKER = '__docsRuntimeStarted';
