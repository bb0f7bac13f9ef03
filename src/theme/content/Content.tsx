import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { ContentNode } from '../../shared/types.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { Heading } from './Heading.tsx';

/** Tags of the page body that render as components; the rest render as plain elements. */
const COMPONENTS: Record<string, ComponentType<any>> = {
  CodeBlock,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
};

/** Renders a page body the same way on the server and in the browser, so hydration matches. */
export function Content({ nodes }: { nodes: ContentNode[] }) {
  return createElement(Fragment, null, ...nodes.map(renderNode));
}

function renderNode(node: ContentNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const component = COMPONENTS[tag];
  const allProps = component && tag.startsWith('h') ? { ...props, key, as: tag } : { ...props, key };
  return createElement(component ?? tag, allProps, ...(children.length ? children.map(renderNode) : []));
}
