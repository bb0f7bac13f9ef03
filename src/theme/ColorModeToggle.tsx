import { useColorMode } from './hooks.ts';

export function ColorModeToggle() {
  const { colorMode, setColorMode } = useColorMode();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={() => setColorMode(next)}
      title={`Switch to ${next} mode`}
      aria-label={`Switch between dark and light mode (currently ${colorMode} mode)`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="icon-light">
        <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5 1.5 3h-3L12 2zm0 20-1.5-3h3L12 22zM2 12l3-1.5v3L2 12zm20 0-3 1.5v-3L22 12zM4.9 4.9l3.2 1.1-2.1 2.1-1.1-3.2zm14.2 14.2-3.2-1.1 2.1-2.1 1.1 3.2zM4.9 19.1l1.1-3.2 2.1 2.1-3.2 1.1zM19.1 4.9 18 8.1 15.9 6l3.2-1.1z" />
      </svg>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="icon-dark">
        <path fill="currentColor" d="M9.4 2.6a9.5 9.5 0 1 0 12 12A8 8 0 0 1 9.4 2.6z" />
      </svg>
    </button>
  );
}
