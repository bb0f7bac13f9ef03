/**
 * TypeScript examples as the JavaScript a reader would write (build/examples/to-javascript.ts):
 * every test compares the whole output.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExampleSyntaxError, toJavaScript, typeScriptOnlyConstructs, typeScriptOnlyMessage, TypeScriptOnlySyntaxError } from '../../build/markdown/to-javascript.ts';


const lines = (...text: string[]) => text.join('\n');

test('a slice with PayloadAction: the state interface, its type and the import type go, comments and blank lines stay', () => {
  const typescript = lines(
    "import { createSlice, type PayloadAction } from '@reduxjs/toolkit'",
    "import type { RootState } from '../../app/store'",
    '',
    '// Define a type for the slice state',
    'interface CounterState {',
    '  value: number',
    '}',
    '',
    '// Define the initial state using that type',
    'const initialState: CounterState = {',
    '  value: 0,',
    '}',
    '',
    'export const counterSlice = createSlice({',
    "  name: 'counter',",
    '  initialState,',
    '  reducers: {',
    '    increment: (state) => {',
    '      state.value += 1',
    '    },',
    '    incrementByAmount: (state, action: PayloadAction<number>) => {',
    '      state.value += action.payload',
    '    },',
    '  },',
    '})',
    '',
    'export const { increment, incrementByAmount } = counterSlice.actions',
    'export const selectCount = (state: RootState) => state.counter.value',
    'export default counterSlice.reducer',
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    "import { createSlice } from '@reduxjs/toolkit'",
    '',
    '// Define a type for the slice state',
    '',
    '// Define the initial state using that type',
    'const initialState = {',
    '  value: 0,',
    '}',
    '',
    'export const counterSlice = createSlice({',
    "  name: 'counter',",
    '  initialState,',
    '  reducers: {',
    '    increment: (state) => {',
    '      state.value += 1',
    '    },',
    '    incrementByAmount: (state, action) => {',
    '      state.value += action.payload',
    '    },',
    '  },',
    '})',
    '',
    'export const { increment, incrementByAmount } = counterSlice.actions',
    'export const selectCount = (state) => state.counter.value',
    'export default counterSlice.reducer',
  ));
});

test('a store with RootState and AppDispatch: the type exports at the end go without a trailing blank line', () => {
  const typescript = lines(
    "import { configureStore } from '@reduxjs/toolkit'",
    "import counterReducer from '../features/counter/counterSlice'",
    '',
    'export const store = configureStore({',
    '  reducer: {',
    '    counter: counterReducer,',
    '  },',
    '})',
    '',
    '// Infer the `RootState` and `AppDispatch` types from the store itself',
    'export type RootState = ReturnType<typeof store.getState>',
    'export type AppDispatch = typeof store.dispatch',
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    "import { configureStore } from '@reduxjs/toolkit'",
    "import counterReducer from '../features/counter/counterSlice'",
    '',
    'export const store = configureStore({',
    '  reducer: {',
    '    counter: counterReducer,',
    '  },',
    '})',
    '',
    '// Infer the `RootState` and `AppDispatch` types from the store itself',
  ));
});

test('typed hooks: the generics of withTypes go, the call stays (after an emoji, two UTF-16 units)', () => {
  const typescript = lines(
    "import { useDispatch, useSelector } from 'react-redux'",
    "import type { AppDispatch, RootState } from './store'",
    '',
    '// Use throughout your app instead of plain `useDispatch` and `useSelector`',
    'export const useAppDispatch = useDispatch.withTypes<AppDispatch>()',
    'export const useAppSelector = useSelector.withTypes<RootState>()',
    "export const cheer = (name: string) => '🎉 ' + name",
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    "import { useDispatch, useSelector } from 'react-redux'",
    '',
    '// Use throughout your app instead of plain `useDispatch` and `useSelector`',
    'export const useAppDispatch = useDispatch.withTypes()',
    'export const useAppSelector = useSelector.withTypes()',
    "export const cheer = (name) => '🎉 ' + name",
  ));
});

test('createAsyncThunk with generics over several lines: the call closes up, as const and the non-null ! go', () => {
  const typescript = lines(
    "import { createAsyncThunk } from '@reduxjs/toolkit'",
    "import type { RootState } from '../../app/store'",
    "import { client, type User } from '../../api/client'",
    '',
    'export const fetchUser = createAsyncThunk<',
    '  User,',
    '  string,',
    '  { state: RootState; rejectValue: string }',
    ">('users/fetchUser', async (userId, { getState, rejectWithValue }) => {",
    '  const token = getState().auth.token!',
    '  const response = await client.get<User>(`/users/${userId}`, { token })',
    "  if (!response.ok) return rejectWithValue(response.statusText as string)",
    '  return response.data',
    '})',
    '',
    "export const userStatuses = ['idle', 'pending', 'failed'] as const",
    'export const selectUser = (state: RootState, id: string): User | undefined =>',
    '  state.users.entities[id]',
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    "import { createAsyncThunk } from '@reduxjs/toolkit'",
    "import { client } from '../../api/client'",
    '',
    "export const fetchUser = createAsyncThunk('users/fetchUser', async (userId, { getState, rejectWithValue }) => {",
    '  const token = getState().auth.token',
    '  const response = await client.get(`/users/${userId}`, { token })',
    '  if (!response.ok) return rejectWithValue(response.statusText)',
    '  return response.data',
    '})',
    '',
    "export const userStatuses = ['idle', 'pending', 'failed']",
    'export const selectUser = (state, id) =>',
    '  state.users.entities[id]',
  ));
});

test('a TSX component: the props interface and the annotations go, JSX and indentation stay', () => {
  const typescript = lines(
    "import type { ReactNode } from 'react'",
    "import { useAppDispatch, useAppSelector } from '../../app/hooks'",
    "import { todoToggled, selectTodoById } from './todosSlice'",
    '',
    'interface TodoItemProps {',
    '  id: string',
    '  children?: ReactNode',
    '}',
    '',
    'export function TodoItem({ id, children }: TodoItemProps) {',
    '  const dispatch = useAppDispatch()',
    '  const todo = useAppSelector((state) => selectTodoById(state, id))!',
    '',
    '  return (',
    '    <li>',
    '      <input',
    '        type="checkbox"',
    '        checked={todo.completed}',
    '        onChange={() => dispatch(todoToggled(todo.id))}',
    '      />',
    '      {todo.text satisfies string} {children}',
    '    </li>',
    '  )',
    '}',
  );
  assert.equal(toJavaScript(typescript, 'tsx'), lines(
    "import { useAppDispatch, useAppSelector } from '../../app/hooks'",
    "import { todoToggled, selectTodoById } from './todosSlice'",
    '',
    'export function TodoItem({ id, children }) {',
    '  const dispatch = useAppDispatch()',
    '  const todo = useAppSelector((state) => selectTodoById(state, id))',
    '',
    '  return (',
    '    <li>',
    '      <input',
    '        type="checkbox"',
    '        checked={todo.completed}',
    '        onChange={() => dispatch(todoToggled(todo.id))}',
    '      />',
    '      {todo.text} {children}',
    '    </li>',
    '  )',
    '}',
  ));
});

test('generic functions, this parameters, return types on their own line, class fields and modifiers', () => {
  const typescript = lines(
    "import listenerReducer, { type ListenerState } from './listenerSlice'",
    '',
    'export function first<T extends object>(this: Window, items: T[], fallback?: T): T | undefined {',
    '  return items[0] ?? fallback',
    '}',
    '',
    'export const describe = (value: unknown):',
    '  string => String(value)',
    '',
    'export class Queue<T> implements Iterable<T> {',
    '  private readonly items: T[] = []',
    '  declare size: number',
    '',
    '  public push(item: T): void {',
    '    this.items.push(item)',
    '  }',
    '',
    '  *[Symbol.iterator](): Iterator<T> {',
    '    yield* this.items',
    '  }',
    '}',
    '',
    'export const initial: ListenerState = listenerReducer(undefined, { type: "init" })',
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    "import listenerReducer from './listenerSlice'",
    '',
    'export function first(items, fallback) {',
    '  return items[0] ?? fallback',
    '}',
    '',
    'export const describe = (value) => String(value)',
    '',
    'export class Queue {',
    '  items = []',
    '',
    '  push(item) {',
    '    this.items.push(item)',
    '  }',
    '',
    '  *[Symbol.iterator]() {',
    '    yield* this.items',
    '  }',
    '}',
    '',
    'export const initial = listenerReducer(undefined, { type: "init" })',
  ));
});

test('enums, namespaces and parameter properties have no JavaScript without their types: each is named, with its line', async () => {
  const typescript = lines(
    'enum Status { Idle, Loading }',
    'namespace Api { export const base = "/api" }',
    'class Point {',
    '  constructor(private readonly x: number, public y: number) {}',
    '}',
  );
  assert.throws(() => toJavaScript(typescript, 'ts'), TypeScriptOnlySyntaxError);
  assert.equal(typeScriptOnlyMessage(await typeScriptOnlyConstructs(typescript, 'ts')), 'this TypeScript has no JavaScript twin without its types: enum "Status" (line 1), namespace "Api" (line 2), '
    + 'parameter property "x" (line 4), parameter property "y" (line 4); write it without enums, namespaces and parameter properties '
    + '(an object of constants, a module, a field assigned in the constructor)');
});

test('code that does not parse as TypeScript: an error with the parser\'s reason, line and column', () => {
  assert.throws(() => toJavaScript(lines('const a = 1', 'const b: = 2'), 'ts'), (error: unknown) => {
    assert.ok(error instanceof ExampleSyntaxError);
    assert.deepEqual([error.line, error.column], [2, 10]);
    assert.match(error.reason, /^Unexpected token `=`/);
    return true;
  });
});

test('decorators are JavaScript: they stay, the types around them go', () => {
  assert.equal(toJavaScript(lines('@sealed', 'class Store {', '  @logged dispatch(action: Action): void {}', '}'), 'ts'), lines('@sealed', 'class Store {', '  @logged dispatch(action) {}', '}'));
});

test('parameters over several lines and a return type: the closing parenthesis stays on its own line', () => {
  const typescript = lines(
    'export const attach = (',
    '  courses: Course[],',
    '  payload: { courseId: string },',
    '): Course[] =>',
    '  courses.map((course) => course)',
  );
  assert.equal(toJavaScript(typescript, 'ts'), lines(
    'export const attach = (',
    '  courses,',
    '  payload,',
    ') =>',
    '  courses.map((course) => course)',
  ));
});
