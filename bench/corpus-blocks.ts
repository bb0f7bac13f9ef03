/** Block-level Markdown for the synthetic corpus: lists, GFM tables and admonitions. */
import { capitalize } from './corpus-plan.ts';
import { codeBlock } from './corpus-code.ts';
import { paragraph, sentence, type TextContext } from './corpus-text.ts';
import { ADJECTIVES, ADMONITION_KINDS, API_NAMES, NOUNS, plural } from './vocabulary.ts';

export function list(context: TextContext): string {
  const { random } = context;
  const ordered = random.chance(0.35);
  const items = random.int(3, 6);
  const lines: string[] = [];
  for (let index = 0; index < items; index++) {
    lines.push(`${ordered ? `${index + 1}.` : '-'} ${sentence(context)}`);
    if (!ordered && random.chance(0.2)) lines.push(`  - ${sentence(context)}`, `  - ${sentence(context)}`);
  }
  return lines.join('\n');
}

export function table(context: TextContext): string {
  const { random } = context;
  const columns = random.int(3, 4);
  const header = ['Option', 'Type', 'Default', 'Description'].slice(0, columns);
  const rows = Array.from({ length: random.int(3, 6) }, () => {
    const cells = [
      `\`${random.pick(NOUNS)}${capitalize(random.pick(NOUNS))}\``,
      `\`${random.pick(['string', 'number', 'boolean', 'Reducer', 'Middleware[]', 'PayloadAction'])}\``,
      random.chance(0.5) ? `\`${random.pick(['true', 'false', 'undefined', '[]', '0'])}\`` : 'none',
      `${capitalize(random.pick(ADJECTIVES))} ${random.pick(NOUNS)} passed to \`${random.pick(API_NAMES)}\``,
    ];
    return cells.slice(0, columns);
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** `:::tip[Title]` … `:::` mostly; sometimes the Docusaurus `:::tip Title` form or no title. */
export function admonition(context: TextContext): string {
  const { random } = context;
  const kind = random.pick(ADMONITION_KINDS);
  const title = `${capitalize(random.pick(ADJECTIVES))} ${plural(random.pick(NOUNS))}`;
  const roll = random.next();
  const opening = roll < 0.7 ? `:::${kind}[${title}]` : roll < 0.85 ? `:::${kind} ${title}` : `:::${kind}`;
  const body = [paragraph(context, random.int(1, 3))];
  if (random.chance(0.3)) body.push(list(context));
  if (random.chance(0.15)) body.push(codeBlock(random));
  return [opening, '', body.join('\n\n'), '', ':::'].join('\n');
}
