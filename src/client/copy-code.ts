/** Copy buttons of code blocks are plain HTML in the page body; one listener serves them all. */
export function startCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button');
    const code = button?.closest('.code-block')?.querySelector('pre code');
    if (!button || !code) return;
    navigator.clipboard.writeText(code.textContent ?? '').then(
      () => showCopied(button),
      () => button.setAttribute('aria-label', 'Copy failed'),
    );
  });
}

function showCopied(button: Element): void {
  button.textContent = 'Copied';
  button.setAttribute('aria-label', 'Copied');
  setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
  }, 1500);
}
