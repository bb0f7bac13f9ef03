/**
 * Where an MDX page's code runs: its `export const`s, `{expressions}` and attribute expressions, in a
 * QuickJS engine compiled to WebAssembly. The engine has no Node, no `require`, no `process`, no files
 * and no network, and the host hands it no objects: data and component numbers go in as JavaScript
 * source, one JSON string comes out (prelude.ts, wire.ts). Each page (and each partial it includes)
 * gets its own runtime with a memory limit, a stack limit and a time limit per expression, so a
 * hostile page can neither reach the build machine nor stall it, and cannot change another page.
 */
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { PRELUDE } from './prelude.ts';
import { hostValueSource, readWire, WireProblem, type SandboxValue } from './wire.ts';
import type { QuickJSHandle } from 'quickjs-emscripten-core';

export interface SandboxLimits {
  /** Memory one page's runtime may allocate. */
  memoryBytes: number;
  /** Time one expression may run. */
  expressionSeconds: number;
  /** Length of one expression's result, as JSON. */
  resultBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { memoryBytes: 64 * 1024 * 1024, expressionSeconds: 1, resultBytes: 1024 * 1024 };

/** QuickJS's own stack limit, below the point where its recursion would exhaust the host thread's stack. */
const STACK_BYTES = 192 * 1024;

/** A value, `undefined` (which JSON cannot carry), or why there is none. */
export type Evaluated = { value: SandboxValue | undefined } | { problem: string };

interface Engine {
  module: QuickJSWASMModule;
  /** False once a page crashed it: its memory can no longer be trusted. */
  healthy: boolean;
}

let engine: Promise<Engine> | undefined;

function currentEngine(): Promise<Engine> {
  engine ??= newQuickJSWASMModuleFromVariant(releaseSync).then((module) => ({ module, healthy: true }));
  return engine;
}

export class PageSandbox {
  private disposed = false;

  private constructor(private readonly engine: Engine, private readonly runtime: QuickJSRuntime, private readonly context: QuickJSContext, private readonly limits: SandboxLimits) {}

  static async open(limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): Promise<PageSandbox> {
    const current = await currentEngine();
    const runtime = current.module.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    const sandbox = new PageSandbox(current, runtime, runtime.newContext(), limits);
    const started = sandbox.evaluateCode(`${PRELUDE}\n'started'`);
    if (typeof started !== 'string') throw new Error(`the MDX sandbox failed to start: ${started.problem}`);
    return sandbox;
  }

  /** Host functions the page may call, by the global name each got. */
  private readonly callableNames = new Map<unknown, string>();

  /**
   * Binds a global name to a host value: data is copied in; a function in `callables` can be called
   * (data in, data out); any other function becomes a component reference.
   */
  define(name: string, value: unknown, register: (component: unknown) => number, callables?: ReadonlyMap<unknown, (...args: unknown[]) => unknown>): string | undefined {
    let source: string;
    try {
      source = hostValueSource(value, { register, callable: (fn) => { const implementation = callables?.get(fn); return implementation && this.callable(fn, implementation); } });
    } catch (error) {
      return `its value is ${(error as Error).message}`;
    }
    return this.defineComputed(name, source);
  }

  /**
   * A host function the page's code may call: its arguments come out as data (as `dump` reads them),
   * its result goes in as data; the page never holds a host object.
   */
  private callable(host: unknown, implementation: (...args: unknown[]) => unknown): string {
    const known = this.callableNames.get(host);
    if (known) return known;
    const name = `__host${this.callableNames.size}`;
    const fn = this.context.newFunction(name, (...args: QuickJSHandle[]) => {
      try {
        return this.dataHandle(implementation(...args.map((arg) => this.context.dump(arg))));
      } catch (error) {
        return { error: this.context.newError((error as Error).message) };
      }
    });
    this.context.setProp(this.context.global, name, fn);
    fn.dispose();
    this.callableNames.set(host, name);
    return name;
  }

  private dataHandle(value: unknown): QuickJSHandle {
    if (value === undefined) return this.context.undefined;
    return this.context.unwrapResult(this.context.evalCode(`(${JSON.stringify(value)})`));
  }

  /** Binds a global name to the value of the page's own expression (an `export const`). */
  defineComputed(name: string, expressionCode: string): string | undefined {
    const result = this.call(`__define(${JSON.stringify(name)}, () => (${expressionCode}\n))`);
    return 'problem' in result ? result.problem : undefined;
  }

  /** The value of a JavaScript expression, as data and element descriptions. */
  evaluate(expressionCode: string): Evaluated {
    const result = this.call(`__result(() => (${expressionCode}\n), ${this.limits.resultBytes})`);
    if ('problem' in result) return result;
    try {
      return { value: result.json === undefined ? undefined : readWire(result.json) };
    } catch (error) {
      if (error instanceof WireProblem) return { problem: error.message };
      throw error;
    }
  }

  /** `typeof name` in the sandbox, for telling a page's own components from its data. */
  typeOf(expressionCode: string): string {
    const result = this.evaluateCode(`(() => { try { return typeof (${expressionCode}\n); } catch { return 'undefined'; } })()`);
    return typeof result === 'string' ? result : 'undefined';
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (!this.engine.healthy) return; // its memory is suspect: left to the garbage collector with the engine
    this.context.dispose();
    this.runtime.dispose();
  }

  /**
   * Runs a call of `__result` or `__define`: "v" and JSON, "u" (undefined), or "e" and the page's error.
   * The page may have replaced either with a function of its own, so nothing here trusts the string:
   * its length is checked before it leaves the engine and the error is cut short here too.
   */
  private call(code: string): { json?: string } | { problem: string } {
    const raw = this.evaluateCode(code, this.limits.resultBytes + 1);
    if (typeof raw !== 'string') return { problem: raw.problem };
    if (raw === 'u') return {};
    if (raw.startsWith('v')) return { json: raw.slice(1) };
    const [name, ...message] = raw.slice(1).split('\n');
    return { problem: describeError({ name: name.slice(0, 100), message: message.join('\n').slice(0, 500) }, this.limits) };
  }

  /** The string the code gives, at most `maxLength` long; the engine's own errors (time, memory, stack) as a problem. */
  private evaluateCode(code: string, maxLength = Infinity): string | { problem: string } {
    if (this.disposed || !this.engine.healthy) return { problem: 'the sandbox stopped after an earlier expression crashed it' };
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + this.limits.expressionSeconds * 1000));
    try {
      const result = this.context.evalCode(code, 'page.mdx');
      if (result.error) {
        // Only the engine's own errors get here (time, memory, a syntax error in generated code): plain Error objects.
        const error = this.context.dump(result.error) as { name?: string; message?: string } | undefined;
        result.error.dispose();
        return { problem: describeError(error, this.limits) };
      }
      const isString = this.context.typeof(result.value) === 'string';
      const tooLong = isString && this.context.getProp(result.value, 'length').consume(this.context.getNumber) > maxLength;
      const value = isString && !tooLong ? this.context.getString(result.value) : undefined;
      result.value.dispose();
      if (tooLong) return { problem: describeError({ name: 'RangeError', message: 'RESULT_TOO_LARGE' }, this.limits) };
      // The prelude's functions give strings; a page's replacement of them may not.
      return value ?? { problem: 'it gives a result that is not JSON (was __result replaced?)' };
    } catch (error) {
      // The host's own stack or the WebAssembly memory gave out inside the engine.
      this.engine.healthy = false;
      engine = undefined;
      return { problem: `it crashed the sandbox (${(error as Error).message})` };
    } finally {
      this.runtime.removeInterruptHandler();
    }
  }
}

/** A sandbox error as the end of a sentence: "… cannot be evaluated: <this>". */
function describeError(error: { name?: string; message?: string } | undefined, limits: SandboxLimits): string {
  const name = error?.name ?? 'Error';
  const message = error?.message ?? String(error);
  if (name === 'InternalError' && message === 'out of memory') return `it ran out of memory (the limit is ${limits.memoryBytes / 1024 / 1024} MB)`;
  if (name === 'InternalError' && message === 'interrupted') return `it ran longer than ${limits.expressionSeconds} s`;
  if (name === 'InternalError' && message === 'stack overflow') return 'it recursed too deeply';
  const known = WIRE_PROBLEMS[message];
  if (known) return typeof known === 'function' ? known(limits) : known;
  const undefinedName = /^'(.+)' is not defined$/.exec(message);
  if (name === 'ReferenceError' && undefinedName) return `"${undefinedName[1]}" is not defined on this page`;
  return `${name}: ${message}`;
}

const WIRE_PROBLEMS: Record<string, string | ((limits: SandboxLimits) => string)> = {
  RESULT_TOO_LARGE: (limits) => `its result is larger than ${limits.resultBytes / 1024} KB`,
  RESULT_TOO_DEEP: 'its result is nested more than 64 levels deep',
  FUNCTION: 'it gives a function, and functions run only inside the page',
  SYMBOL: 'it gives a symbol, which is not data',
  CYCLE: 'its result contains itself',
  NOT_PLAIN: 'it gives an object that is not plain data (a Map, a Date, a class instance)',
  RESERVED_KEY: 'it gives an object with a key "$$el" or "$$ref", which are reserved',
};
