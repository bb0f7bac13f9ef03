/** One synthetic page: front matter, a lead paragraph, then each planned heading followed by blocks until the page's word budget is spent. */
import { admonition, list, table } from './corpus-blocks.ts';
import { codeBlock } from './corpus-code.ts';
import type { PagePlan } from './corpus-plan.ts';
import { countWords, paragraph, type TextContext } from './corpus-text.ts';
import type { Random } from './prng.ts';

/** Words per page as `wc -w` counts them (prose, markup and code together). */
export const WORDS_PER_PAGE = { min: 1500, max: 1850 } as const;

export function renderPage(page: PagePlan, pages: readonly PagePlan[], random: Random): string {
  const context: TextContext = { random, page, pages };
  const target = random.int(WORDS_PER_PAGE.min, WORDS_PER_PAGE.max);
  const blocks = [paragraph(context)];
  let words = countWords(blocks[0]);
  page.headings.forEach((heading, index) => {
    blocks.push(`${'#'.repeat(heading.depth)} ${heading.markdown}`);
    const sectionEnd = (target * (index + 1)) / page.headings.length;
    do {
      const block = sectionBlock(context);
      blocks.push(block);
      words += countWords(block);
    } while (words < sectionEnd - 60);
  });
  return `${frontMatter(page)}\n${blocks.join('\n\n')}\n`;
}

function sectionBlock(context: TextContext): string {
  const roll = context.random.next();
  if (roll < 0.55) return paragraph(context);
  if (roll < 0.68) return list(context);
  if (roll < 0.84) return codeBlock(context.random);
  if (roll < 0.93) return table(context);
  return admonition(context);
}

function frontMatter(page: PagePlan): string {
  return ['---', `title: ${JSON.stringify(page.title)}`, `description: ${JSON.stringify(page.description)}`, `sidebar_label: ${JSON.stringify(page.sidebarLabel)}`, '---', ''].join('\n');
}
