import NProgress from 'nprogress';

export const PROGRESS_DELAY_MS = 200;

NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, ...({ trickleRate: 0.02 } as object) });

/** Shows the progress bar only for route changes that take longer than 200 ms. */
export function startProgress(): () => void {
  const timer = setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
  return () => {
    clearTimeout(timer);
    NProgress.done();
  };
}
