import { useRef, useState } from 'react';

interface CodeBlockProps { language: string; title?: string; html: string }

/** A highlighted code block (HTML made at build time) with an optional title and a copy button. */
export function CodeBlock({ language, title, html }: CodeBlockProps) {
  const codeRef = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = codeRef.current?.querySelector('code')?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={`code-block language-${language}`}>
      {title ? <div className="code-block-title">{title}</div> : null}
      <div className="code-block-body">
        <div ref={codeRef} dangerouslySetInnerHTML={{ __html: html }} />
        <button type="button" className="copy-button" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code to clipboard'} title="Copy">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
