/** Fenced code blocks for the synthetic corpus: ts, tsx, js, json and bash, with titles and line highlights. */
import type { Random } from './prng.ts';
import { capitalize } from './corpus-plan.ts';
import { CODE_LANGUAGES, NOUNS, type CodeLanguage } from './vocabulary.ts';

const FILE_EXTENSION: Record<CodeLanguage, string> = { ts: 'ts', tsx: 'tsx', js: 'js', json: 'json', bash: 'sh' };

export function codeBlock(random: Random): string {
  const language = random.pick(CODE_LANGUAGES);
  const name = random.pick(NOUNS);
  const lines = CODE[language](random, name);
  const meta: string[] = [language];
  if (language !== 'bash' || random.chance(0.3)) meta.push(`title="src/features/${name}s/${name}${capitalize(random.pick(NOUNS))}.${FILE_EXTENSION[language]}"`);
  if (random.chance(0.6)) meta.push(`{${highlightRanges(random, lines.length)}}`);
  return ['```' + meta.join(' '), ...lines, '```'].join('\n');
}

/** Like `{1,3-4}`: one single line and one range, both inside the block. */
function highlightRanges(random: Random, lineCount: number): string {
  const single = random.int(1, Math.max(1, Math.floor(lineCount / 3)));
  const start = random.int(single + 1, Math.max(single + 1, lineCount - 1));
  const end = Math.min(lineCount, start + random.int(1, 3));
  return start > lineCount ? `${single}` : `${single},${start}-${end}`;
}

const CODE: Record<CodeLanguage, (random: Random, name: string) => string[]> = {
  ts: (random, name) => {
    const type = `${capitalize(name)}State`;
    const fields = Array.from({ length: random.int(2, 5) }, (_, index) => `${random.pick(NOUNS)}${index}`);
    return [
      `import { createSlice, type PayloadAction } from '@reduxjs/toolkit'`,
      '',
      `export interface ${type} {`,
      ...fields.map((field) => `  ${field}: ${random.pick(['string', 'number', 'boolean', 'string[]'])}`),
      `  status: 'idle' | 'loading' | 'failed'`,
      '}',
      '',
      `const initialState: ${type} = { ${fields.map((field) => `${field}: undefined as never`).join(', ')}, status: 'idle' }`,
      '',
      `export const ${name}Slice = createSlice({`,
      `  name: '${name}',`,
      '  initialState,',
      '  reducers: {',
      ...fields.flatMap((field) => [
        `    ${field}Changed(state, action: PayloadAction<${type}['${field}']>) {`,
        `      state.${field} = action.payload`,
        '    },',
      ]),
      '  },',
      '})',
      '',
      `export const { ${fields.map((field) => `${field}Changed`).join(', ')} } = ${name}Slice.actions`,
      `export default ${name}Slice.reducer`,
    ];
  },
  tsx: (random, name) => {
    const component = `${capitalize(name)}List`;
    return [
      `import { useAppDispatch, useAppSelector } from '../../app/hooks'`,
      `import { ${name}Added, select${capitalize(name)}s } from './${name}Slice'`,
      '',
      `export function ${component}() {`,
      `  const items = useAppSelector(select${capitalize(name)}s)`,
      '  const dispatch = useAppDispatch()',
      '',
      '  return (',
      `    <section className="${name}-list">`,
      `      <h2>${capitalize(name)}s ({items.length})</h2>`,
      '      <ul>',
      '        {items.map((item) => (',
      `          <li key={item.id}>{item.${random.pick(NOUNS)}}</li>`,
      '        ))}',
      '      </ul>',
      `      <button onClick={() => dispatch(${name}Added('${random.pick(NOUNS)}'))}>Add</button>`,
      '    </section>',
      '  )',
      '}',
    ];
  },
  js: (random, name) => {
    const cases = Array.from({ length: random.int(2, 4) }, () => random.pick(NOUNS));
    return [
      `const initialState = { ${name}s: [], status: 'idle' }`,
      '',
      `export default function ${name}Reducer(state = initialState, action) {`,
      '  switch (action.type) {',
      ...cases.flatMap((item) => [
        `    case '${name}/${item}Updated': {`,
        `      return { ...state, ${name}s: state.${name}s.map((entry) => entry.id === action.payload.id ? { ...entry, ${item}: action.payload.${item} } : entry) }`,
        '    }',
      ]),
      '    default:',
      '      return state',
      '  }',
      '}',
    ];
  },
  json: (random, name) => {
    const entries = Array.from({ length: random.int(3, 6) }, (_, index) => `    { "id": ${index + 1}, "${random.pick(NOUNS)}": "${random.pick(NOUNS)}", "completed": ${random.chance(0.5)} }`);
    return ['{', `  "${name}s": [`, entries.map((entry, index) => (index < entries.length - 1 ? `${entry},` : entry)).join('\n'), '  ],', `  "status": "idle"`, '}'].join('\n').split('\n');
  },
  bash: (random, name) => [
    '# install the packages',
    'npm install @reduxjs/toolkit react-redux',
    `npx degit reduxjs/redux-templates/packages/vite-template-redux ${name}-app`,
    `cd ${name}-app`,
    random.chance(0.5) ? 'npm run dev' : 'npm test -- --watch',
  ],
};
