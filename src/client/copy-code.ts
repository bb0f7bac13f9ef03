/**
 * Copy buttons are plain HTML (code blocks' in the page body, "Copy page as Markdown" under each doc);
 * one listener serves them all.
 */
export function startCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('.copy-button, .copy-page-button');
    const code = button?.closest('.code-block')?.querySelector('pre code');
    const markdown = button?.dataset.markdown;
    if (!button || (!code && !markdown)) return;
    const text = markdown ? fetch(markdown).then((response) => response.text()) : Promise.resolve(code!.textContent ?? '');
    text.then((value) => navigator.clipboard.writeText(value)).then(
      () => showCopied(button),
      () => (button.ariaLabel = 'Copy failed'),
    );
  });
}

function showCopied(button: HTMLElement): void {
  const [text, name] = [button.textContent, button.ariaLabel];
  button.textContent = button.ariaLabel = 'Copied';
  setTimeout(() => {
    button.textContent = text;
    button.ariaLabel = name;
  }, 1500);
}
