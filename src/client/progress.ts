export const PROGRESS_DELAY_MS = 200;

type NProgressApi = typeof import('nprogress');
let nprogress: Promise<NProgressApi> | undefined;

// nprogress loads with the first client-side navigation (the bar itself shows only if it is slow), so it stays out of the first-load JavaScript.
function loadNProgress(): Promise<NProgressApi> {
  nprogress ??= import('nprogress').then((module) => {
    const api = (module as unknown as { default?: NProgressApi }).default ?? module;
    api.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, ...({ trickleRate: 0.02 } as object) });
    return api;
  });
  return nprogress;
}

/** Shows the progress bar only for route changes that take longer than 200 ms. */
export function startProgress(): () => void {
  let finished = false;
  const loading = loadNProgress();
  const timer = setTimeout(() => {
    void loading.then((api) => {
      if (!finished) api.start();
    });
  }, PROGRESS_DELAY_MS);
  return () => {
    finished = true;
    clearTimeout(timer);
    if (nprogress) void nprogress.then((api) => api.done());
  };
}
