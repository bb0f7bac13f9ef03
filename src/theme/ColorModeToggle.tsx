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
      <span className="icon icon-light" aria-hidden="true" />
      <span className="icon icon-dark" aria-hidden="true" />
    </button>
  );
}
