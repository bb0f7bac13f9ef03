/**
 * Docusaurus's line-highlighting comments in code blocks: a line holding only `// highlight-next-line`,
 * `// highlight-start` or `// highlight-end` (or the same in the comment form of the block's
 * language) is removed from the shown code and marks the lines it names.
 */

/** The comment forms Docusaurus accepts, each as [opening, closing] pattern. */
const COMMENT_FORMS = {
  js: ['//', ''],
  jsBlock: ['/\\*', '\\*/'],
  jsx: ['\\{\\s*/\\*', '\\*/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
} as const;
type CommentForm = keyof typeof COMMENT_FORMS;

/** The forms each Prism grammar accepts, as Docusaurus chooses them; any other language accepts all. */
const FORMS_BY_GRAMMAR: Record<string, CommentForm[]> = {
  javascript: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  markup: ['js', 'jsBlock', 'html'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
};

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';

/** A `highlight-start` or `highlight-end` without its partner: 0-based index of its line in the original code. */
export interface UnmatchedDirective {
  directive: 'highlight-start' | 'highlight-end';
  sourceLine: number;
  column: number;
}

export interface MagicCommentResult {
  /** The code without the directive lines. */
  code: string;
  /** 1-based numbers of the highlighted lines of `code`. */
  highlightLines: Set<number>;
  unmatched: UnmatchedDirective[];
}

const patternCache = new Map<string, RegExp>();

function directivePattern(grammar: string | undefined): RegExp {
  const forms = FORMS_BY_GRAMMAR[grammar ?? ''] ?? (Object.keys(COMMENT_FORMS) as CommentForm[]);
  const key = forms.join();
  let pattern = patternCache.get(key);
  if (!pattern) {
    const alternatives = forms.map((form) => `${COMMENT_FORMS[form][0]}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${COMMENT_FORMS[form][1]}`);
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    patternCache.set(key, pattern);
  }
  return pattern;
}

function directiveOf(line: string, pattern: RegExp): Directive | undefined {
  return pattern.exec(line)?.slice(1).find((group) => group !== undefined) as Directive | undefined;
}

/** Removes the directive lines of `code` and collects the lines they highlight. Blocks may nest. */
export function applyMagicComments(code: string, grammar: string | undefined): MagicCommentResult {
  const pattern = directivePattern(grammar);
  const kept: string[] = [];
  const highlightLines = new Set<number>();
  const unmatched: UnmatchedDirective[] = [];
  const openBlocks: UnmatchedDirective[] = [];
  let highlightNext = false;
  code.split('\n').forEach((line, sourceLine) => {
    const directive = directiveOf(line, pattern);
    const place = { sourceLine, column: line.search(/\S/) + 1 };
    if (directive === 'highlight-next-line') highlightNext = true;
    else if (directive === 'highlight-start') openBlocks.push({ directive, ...place });
    else if (directive === 'highlight-end') {
      if (!openBlocks.pop()) unmatched.push({ directive, ...place });
    } else {
      kept.push(line);
      if (highlightNext || openBlocks.length > 0) highlightLines.add(kept.length);
      highlightNext = false;
    }
  });
  unmatched.push(...openBlocks);
  unmatched.sort((a, b) => a.sourceLine - b.sourceLine);
  return { code: kept.join('\n'), highlightLines, unmatched };
}
