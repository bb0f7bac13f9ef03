/** Prose for the synthetic corpus: sentences with bold, italic, inline code and links to other pages' headings. */
import path from 'node:path';
import type { PagePlan } from './corpus-plan.ts';
import { capitalize } from './corpus-plan.ts';
import type { Random } from './prng.ts';
import { ADJECTIVES, ADVERBS, API_NAMES, CONNECTORS, NOUNS, VERBS, plural } from './vocabulary.ts';

export interface TextContext {
  random: Random;
  page: PagePlan;
  pages: readonly PagePlan[];
}

function nounPhrase(random: Random): string {
  const noun = random.pick(NOUNS);
  return random.chance(0.5) ? `the ${random.pick(ADJECTIVES)} ${noun}` : `the ${noun}`;
}

function decorated(context: TextContext, phrase: string): string {
  const roll = context.random.next();
  if (roll < 0.06) return `**${phrase}**`;
  if (roll < 0.11) return `_${phrase}_`;
  if (roll < 0.2) return `\`${context.random.pick(API_NAMES)}()\``;
  if (roll < 0.26) return link(context, phrase);
  return phrase;
}

/** A link to another page (70% with an #anchor that exists there) or to a heading on this page. */
export function link(context: TextContext, text: string): string {
  const { random, page, pages } = context;
  if (pages.length === 1 || random.chance(0.1)) {
    if (page.headings.length === 0) return text;
    return `[${text}](#${random.pick(page.headings).id})`;
  }
  let target = random.pick(pages);
  while (target === page) target = random.pick(pages);
  const relative = path.posix.relative(path.posix.dirname(page.sourcePath), target.sourcePath);
  const href = relative.startsWith('.') || !random.chance(0.3) ? relative : `./${relative}`;
  const anchor = random.chance(0.7) && target.headings.length > 0 ? `#${random.pick(target.headings).id}` : '';
  return `[${text}](${href}${anchor})`;
}

export function sentence(context: TextContext): string {
  const { random } = context;
  const clauses = [`${nounPhrase(random)} ${random.pick(VERBS)} ${decorated(context, nounPhrase(random))}`];
  if (random.chance(0.6)) clauses.push(`${random.pick(CONNECTORS)} ${decorated(context, nounPhrase(random))} ${random.pick(ADVERBS)} ${random.pick(VERBS)} ${nounPhrase(random)}`);
  if (random.chance(0.3)) clauses.push(`${random.pick(CONNECTORS)} ${nounPhrase(random)} ${random.pick(VERBS)} ${decorated(context, `${random.pick(ADJECTIVES)} ${plural(random.pick(NOUNS))}`)}`);
  return `${capitalize(clauses.join(', '))}.`;
}

export function paragraph(context: TextContext, sentences = context.random.int(3, 6)): string {
  return Array.from({ length: sentences }, () => sentence(context)).join(' ');
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
