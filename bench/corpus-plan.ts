/**
 * The corpus outline, decided before any page is written: where each page lives, its front matter
 * and its headings with their anchors, so pages can link to headings that exist on other pages.
 */
import GithubSlugger from 'github-slugger';
import type { Random } from './prng.ts';
import { ADJECTIVES, API_NAMES, AREAS, CATEGORIES, HEADING_TOPICS, NOUNS, REPEATED_HEADINGS, plural } from './vocabulary.ts';

export interface HeadingPlan {
  depth: 2 | 3 | 4;
  /** The heading as written after the `#`s, inline code and `{#custom-id}` included. */
  markdown: string;
  /** Its anchor, made as the generator makes it: github-slugger on the plain text, or the custom id. */
  id: string;
}

export interface PagePlan {
  /** Path below `docs/`, with `/` separators. */
  sourcePath: string;
  /** Doc id: the path without `.md` (no number prefixes are used). */
  id: string;
  title: string;
  sidebarLabel: string;
  description: string;
  headings: HeadingPlan[];
  /** Sidebar grouping: area → category → optional nested group. */
  area: string;
  category: string;
  group?: string;
}

const PAGES_PER_CATEGORY = 12;
const CATEGORIES_PER_AREA = 8;

export function planCorpus(pageCount: number, random: Random): PagePlan[] {
  const usedPaths = new Set<string>();
  const pages: PagePlan[] = [];
  for (let index = 0; index < pageCount; index++) {
    const title = index === 0 ? 'Introduction' : pageTitle(random);
    const place = placePage(index);
    const folder = index === 0 ? '' : [place.area, place.category, place.group].filter(Boolean).join('/');
    const sourcePath = uniquePath(folder, new GithubSlugger().slug(title), usedPaths);
    pages.push({
      sourcePath,
      id: sourcePath.replace(/\.md$/, ''),
      title,
      sidebarLabel: shortLabel(title),
      description: `How ${random.pick(ADJECTIVES)} ${plural(random.pick(NOUNS))} work with ${random.pick(API_NAMES)}, with examples and the rules to follow.`,
      headings: planHeadings(random),
      ...(index === 0 ? { area: '', category: '' } : place),
    });
  }
  return pages;
}

/** Nested folders: area/category/, and for half of the odd categories a deeper `group/` folder. */
function placePage(index: number): { area: string; category: string; group?: string } {
  const categoryNumber = Math.floor((index - 1) / PAGES_PER_CATEGORY);
  const areaNumber = Math.floor(categoryNumber / CATEGORIES_PER_AREA);
  const inCategory = (index - 1) % PAGES_PER_CATEGORY;
  const area = numbered(AREAS, areaNumber);
  const category = numbered(CATEGORIES, categoryNumber % CATEGORIES_PER_AREA);
  const group = categoryNumber % 2 === 1 && inCategory >= PAGES_PER_CATEGORY / 2 ? 'in-depth' : undefined;
  return group ? { area, category, group } : { area, category };
}

function numbered(names: readonly string[], number: number): string {
  const round = Math.floor(number / names.length);
  return round === 0 ? names[number % names.length] : `${names[number % names.length]}-${round + 1}`;
}

function uniquePath(folder: string, name: string, used: Set<string>): string {
  for (let suffix = 1; ; suffix++) {
    const candidate = `${folder ? `${folder}/` : ''}${suffix === 1 ? name : `${name}-${suffix}`}.md`;
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

function pageTitle(random: Random): string {
  switch (random.int(0, 2)) {
    case 0: return `${random.pick(HEADING_TOPICS)} with ${random.pick(API_NAMES)}`;
    case 1: return `${capitalize(random.pick(ADJECTIVES))} ${plural(capitalize(random.pick(NOUNS)))} in Practice`;
    default: return `${random.pick(API_NAMES)} and ${capitalize(random.pick(NOUNS))} ${plural(capitalize(random.pick(NOUNS)))}`;
  }
}

function shortLabel(title: string): string {
  return title.split(' ').slice(0, 3).join(' ');
}

/** 5–7 h2 sections, each with up to two h3s, each h3 with up to one h4; some titles repeat on purpose. */
function planHeadings(random: Random): HeadingPlan[] {
  const slugger = new GithubSlugger();
  const headings: HeadingPlan[] = [];
  const add = (depth: 2 | 3 | 4) => {
    const { markdown, text } = headingText(random);
    if (random.chance(0.04)) {
      const id = `custom-${random.int(1000, 9999)}`;
      if (!(id in slugger.occurrences)) {
        slugger.slug(id); // the generator reserves a custom id in the slugger, so do the same
        headings.push({ depth, markdown: `${markdown} {#${id}}`, id });
        return;
      }
    }
    headings.push({ depth, markdown, id: slugger.slug(text) });
  };
  const sections = random.int(5, 7);
  for (let h2 = 0; h2 < sections; h2++) {
    add(2);
    const subsections = random.int(0, 2);
    for (let h3 = 0; h3 < subsections; h3++) {
      add(3);
      if (random.chance(0.4)) add(4);
    }
  }
  return headings;
}

function headingText(random: Random): { markdown: string; text: string } {
  const roll = random.next();
  if (roll < 0.3) {
    const text = random.pick(REPEATED_HEADINGS);
    return { markdown: text, text };
  }
  if (roll < 0.55) {
    const api = random.pick(API_NAMES);
    return { markdown: `Using \`${api}()\``, text: `Using ${api}()` };
  }
  const text = `${random.pick(HEADING_TOPICS)}${random.chance(0.3) ? ` for ${capitalize(random.pick(ADJECTIVES))} ${plural(capitalize(random.pick(NOUNS)))}` : ''}`;
  return { markdown: text, text };
}

export function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
