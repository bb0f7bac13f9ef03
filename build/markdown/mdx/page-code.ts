/**
 * What one MDX page's code is made of while it compiles: the host components it may render (theme
 * components, the config's components, opted-in modules' exports), each known to the sandbox only by
 * its number, and the sandboxes of the page and of each partial it includes, each with its own names.
 * Compile-time state shared by scope.ts (binding), attributes.ts (evaluating) and render.ts.
 */
import { ContentBudget } from './described-elements.ts';
import { PageSandbox, type SandboxLimits } from './sandbox/page-sandbox.ts';
import type { SandboxValue } from './sandbox/wire.ts';

/** An attribute's value once evaluated: data, a host component, or markup already turned into checked HTML. */
/** An evaluated prop: data with, anywhere in it, markup (attributes.ts `Markup`) and components (`ComponentProp`). */
export type PropValue = unknown;

export class PageCode {
  private readonly components: unknown[] = [];
  private readonly names = new Map<number, string>();
  private readonly sandboxes: PageSandbox[] = [];
  /** Per sandbox, names whose import or export failed: its error was reported once, their uses are not. */
  private readonly failed: Set<string>[] = [];
  /** Values the sandbox gave for elements' props, by the number described-elements.ts puts in the tree. */
  private readonly values: SandboxValue[] = [];
  /** Evaluated attribute values, by the number render.ts finds in the attribute. */
  readonly props: PropValue[] = [];

  /** What the page's code may add to the page (described-elements.ts). */
  readonly content: ContentBudget;

  constructor(readonly limits: SandboxLimits, maxContentBytes: number) {
    this.content = new ContentBudget(maxContentBytes);
  }

  /** The component's number, the same each time it is registered; `name` is how messages call it. */
  register(component: unknown, name?: string): number {
    let id = this.components.indexOf(component);
    if (id === -1) id = this.components.push(component) - 1;
    if (name && !this.names.has(id)) this.names.set(id, name);
    return id;
  }

  keepValue(value: SandboxValue): number {
    return this.values.push(value) - 1;
  }

  value(index: number): SandboxValue {
    return this.values[index];
  }

  component(id: number): unknown {
    return this.components[id];
  }

  componentName(id: number): string {
    return this.names.get(id) ?? 'component';
  }

  /** A new sandbox for the page or one of its partials; its number goes on the elements it evaluates. */
  async openSandbox(): Promise<number> {
    this.sandboxes.push(await PageSandbox.open(this.limits));
    this.failed.push(new Set());
    return this.sandboxes.length - 1;
  }

  sandbox(scopeId: number): PageSandbox {
    return this.sandboxes[scopeId];
  }

  failedNames(scopeId: number): Set<string> {
    return this.failed[scopeId];
  }

  get sandboxCount(): number {
    return this.sandboxes.length;
  }

  dispose(): void {
    for (const sandbox of this.sandboxes) sandbox.dispose();
  }
}
