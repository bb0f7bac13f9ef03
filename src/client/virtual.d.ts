declare module 'virtual:site' {
  const site: unknown;
  export default site;
}
/** Puts React and the theme's shared modules where the lazily loaded parts find them (build/client/lazy-modules.ts). */
declare module 'virtual:runtime-modules';
