const KEYBOARD_CLASS = 'navigation-with-keyboard';

/** Focus outlines only for keyboard users: a Tab press marks <body>, a mouse press clears it. */
export function startKeyboardMarker(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') document.body.classList.add(KEYBOARD_CLASS);
  });
  document.addEventListener('mousedown', () => document.body.classList.remove(KEYBOARD_CLASS));
}
