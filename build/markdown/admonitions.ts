import type { Root, Paragraph, PhrasingContent, Text } from 'mdast';
import type { VFile } from 'vfile';
import { codeFenceTracker } from './fences.ts';
import { walk } from './walk.ts';
import { ADMONITION_TYPES } from '../../src/shared/admonitions.ts';

// No part of the line can be matched two ways, so a long line is matched in linear time.
const TITLED_OPENING = new RegExp(`^(\\s*:{3,})(${ADMONITION_TYPES.join('|')})[ \\t]+([^\\[{\\s].*)$`);

/** Docusaurus writes `:::tip Title`; remark-directive expects `:::tip[Title]`. Code fences are left alone. */
export function normalizeAdmonitionTitles(markdown: string): string {
  const inCode = codeFenceTracker();
  return markdown.split('\n').map((line) => {
    if (inCode(line)) return line;
    return line.replace(TITLED_OPENING, (_, colons: string, type: string, title: string) => `${colons}${type}[${title.trimEnd()}]`);
  }).join('\n');
}

interface DirectiveNode {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: (PhrasingContent | Paragraph)[];
  data?: Record<string, unknown>;
  position?: { start: { line: number } };
}

/** remark plugin: admonition containers become styled blocks; other directives turn back into text. */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    walk(tree, (node, index, parent) => {
      const directive = node as unknown as DirectiveNode;
      if (!directive.type.endsWith('Directive')) return;
      if (directive.type === 'containerDirective' && (ADMONITION_TYPES as readonly string[]).includes(directive.name)) {
        toAdmonition(directive);
        return;
      }
      if (directive.type === 'containerDirective') {
        file.message(`unknown admonition type ":::${directive.name}"; rendered as a plain block`, { place: directive.position as never, ruleId: 'unknown-admonition' });
        directive.data = { hName: 'div' };
        return;
      }
      // `10:30` or `note:this` in prose is not meant as a directive: put the text back.
      parent.children.splice(index, 1, ...directiveAsText(directive) as never[]);
      return index;
    });
  };
}

function toAdmonition(directive: DirectiveNode): void {
  const [first, ...rest] = directive.children;
  const hasLabel = (first as Paragraph | undefined)?.data && (first as { data: { directiveLabel?: boolean } }).data.directiveLabel;
  const titleChildren: PhrasingContent[] = hasLabel
    ? (first as Paragraph).children
    : [{ type: 'text', value: directive.name[0].toUpperCase() + directive.name.slice(1) }];
  const body = hasLabel ? rest : directive.children;
  directive.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${directive.name}`] } };
  directive.children = [
    { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition-heading'] } }, children: titleChildren },
    { type: 'admonitionContent', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body } as never,
  ];
}

function directiveAsText(directive: DirectiveNode): (PhrasingContent | Paragraph)[] {
  const marker = directive.type === 'textDirective' ? ':' : '::';
  const attributes = Object.entries(directive.attributes ?? {}).map(([key, value]) => (value ? `${key}="${value}"` : key)).join(' ');
  const opening: Text = { type: 'text', value: `${marker}${directive.name}${directive.children.length ? '[' : ''}` };
  const closing: Text = { type: 'text', value: `${directive.children.length ? ']' : ''}${attributes ? `{${attributes}}` : ''}` };
  const inline = [opening, ...(directive.children as PhrasingContent[]), closing];
  return directive.type === 'leafDirective' ? [{ type: 'paragraph', children: inline }] : inline;
}
