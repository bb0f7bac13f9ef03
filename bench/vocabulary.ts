/** Word pools for the synthetic corpus: Redux-flavoured, so the text looks like real docs to the highlighter and the search indexer. */
export const NOUNS = [
  'store', 'reducer', 'action', 'slice', 'selector', 'middleware', 'state', 'dispatch', 'thunk', 'component',
  'hook', 'payload', 'listener', 'subscription', 'cache', 'query', 'mutation', 'endpoint', 'entity', 'adapter',
  'request', 'response', 'update', 'value', 'field', 'object', 'array', 'function', 'module', 'feature',
  'test', 'render', 'provider', 'context', 'type', 'interface', 'pattern', 'rule', 'boundary', 'event',
  'callback', 'result', 'error', 'status', 'record', 'collection', 'snapshot', 'history', 'layer', 'team',
] as const;

export const VERBS = [
  'dispatches', 'returns', 'updates', 'reads', 'selects', 'creates', 'combines', 'memoizes', 'subscribes to', 'wraps',
  'describes', 'handles', 'replaces', 'copies', 'tracks', 'normalizes', 'caches', 'validates', 'exports', 'imports',
  'passes', 'receives', 'checks', 'keeps', 'splits', 'merges', 'derives', 'calls', 'schedules', 'rejects',
] as const;

export const ADJECTIVES = [
  'immutable', 'serializable', 'typed', 'pure', 'predictable', 'global', 'local', 'nested', 'normalized', 'derived',
  'async', 'cached', 'shared', 'small', 'large', 'single', 'separate', 'current', 'previous', 'next',
  'plain', 'readonly', 'optional', 'default', 'generated', 'stable', 'expensive', 'simple', 'explicit', 'common',
] as const;

export const ADVERBS = ['usually', 'always', 'often', 'rarely', 'carefully', 'safely', 'directly', 'automatically', 'eventually', 'only'] as const;

export const CONNECTORS = ['because', 'so', 'while', 'although', 'unless', 'after', 'before', 'when', 'since', 'and'] as const;

export const API_NAMES = [
  'configureStore', 'createSlice', 'createAsyncThunk', 'createSelector', 'createEntityAdapter', 'createReducer',
  'createAction', 'combineReducers', 'applyMiddleware', 'createListenerMiddleware', 'useSelector', 'useDispatch',
  'useStore', 'Provider', 'createApi', 'fetchBaseQuery', 'isAnyOf', 'current', 'original', 'nanoid',
] as const;

export const HEADING_TOPICS = [
  'Defining the State Shape', 'Writing Reducers', 'Dispatching Actions', 'Reading State in Components', 'Typing the Store',
  'Handling Async Logic', 'Normalizing Data', 'Memoizing Selectors', 'Testing the Slice', 'Organizing Files',
  'Avoiding Mutations', 'Splitting Reducers', 'Caching Server Data', 'Listening for Actions', 'Migrating Old Code',
  'Error Handling', 'Loading States', 'Optimistic Updates', 'Code Splitting', 'Server Rendering',
  'Performance Tips', 'Common Mistakes', 'Debugging', 'Serializability Checks', 'Immutability Checks',
] as const;

/** Headings that recur on a page on purpose, so github-slugger has to deduplicate them (`example`, `example-1`). */
export const REPEATED_HEADINGS = ['Example', 'Summary', 'Usage', 'Parameters', 'Return Value', 'Notes'] as const;

export const AREAS = ['tutorials', 'usage', 'api', 'recipes', 'style-guide', 'faq', 'understanding', 'introduction', 'toolkit', 'query'] as const;

export const CATEGORIES = ['basics', 'essentials', 'fundamentals', 'advanced', 'patterns', 'testing', 'typescript', 'migrations', 'data-fetching', 'side-effects', 'structure', 'performance'] as const;

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'caution', 'warning', 'danger', 'important'] as const;

export const CODE_LANGUAGES = ['ts', 'tsx', 'js', 'json', 'bash'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** English plural of a pool noun: `query` → `queries`, `status` → `statuses`. */
export function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}
