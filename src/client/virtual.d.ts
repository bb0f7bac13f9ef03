declare module 'virtual:site' {
  const site: unknown;
  export default site;
}
