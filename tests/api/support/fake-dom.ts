/**
 * Just enough of a browser for running the PayPal SDK stand-in in `node:vm`: elements with
 * attributes, styles, children and event listeners, a dialog that opens and closes, focus, style
 * sheets that load (at once, or when the test says), and a `fetch` the test provides. No layout,
 * no CSS, no parsing.
 */
import vm from 'node:vm';

export interface FakeEvent {
  type: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

type Listener = (event: FakeEvent) => void;

export class FakeElement {
  readonly tagName: string;
  className = '';
  id = '';
  type = '';
  disabled = false;
  open = false;
  textContent = '';
  readonly style: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | undefined;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly document: FakeDocument;

  constructor(tagName: string, document: FakeDocument) {
    this.tagName = tagName.toUpperCase();
    this.document = document;
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
    if (name === 'open') this.open = true;
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  appendChild(child: FakeElement): FakeElement {
    child.remove();
    child.parent = this;
    this.children.push(child);
    if (child.tagName === 'LINK') this.document.startLoading(child);
    return child;
  }

  remove(): void {
    if (!this.parent) return;
    this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = undefined;
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** Fires `type` at this element's listeners; returns the event to inspect. */
  dispatch(type: string): FakeEvent {
    const event: FakeEvent = {
      type,
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
    };
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    return event;
  }

  /** A user's click: nothing happens on a disabled element. */
  click(): void {
    if (!this.disabled) this.dispatch('click');
  }

  focus(): void {
    const previous = this.document.activeElement;
    if (previous === this) return;
    previous?.dispatch('blur');
    this.document.activeElement = this;
    this.dispatch('focus');
  }

  showModal(): void {
    this.open = true;
  }

  close(): void {
    this.open = false;
  }

  /** This element and all below it, depth first. */
  *descendants(): Generator<FakeElement> {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }

  /** The first element below with this class. */
  find(className: string): FakeElement | undefined {
    for (const element of this.descendants()) if (element.className.split(' ').includes(className)) return element;
    return undefined;
  }

  get text(): string {
    return [this.textContent, ...this.children.map((child) => child.text)].filter(Boolean).join(' ');
  }
}

export class FakeDocument {
  readonly body: FakeElement;
  readonly head: FakeElement;
  activeElement: FakeElement | null = null;
  currentScript: { src: string } | null;
  /** Linked style sheets load at once (after the script's current step) unless a test holds them. */
  holdLoads = false;
  private readonly loading: FakeElement[] = [];

  constructor(scriptSrc: string) {
    this.body = new FakeElement('body', this);
    this.head = new FakeElement('head', this);
    this.currentScript = { src: scriptSrc };
  }

  startLoading(link: FakeElement): void {
    this.loading.push(link);
    if (!this.holdLoads) queueMicrotask(() => this.finishLoading('load'));
  }

  /** Every style sheet still loading ends now: loaded, or failed. */
  finishLoading(outcome: 'load' | 'error'): void {
    for (const link of this.loading.splice(0)) link.dispatch(outcome);
  }

  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }

  getElementById(id: string): FakeElement | null {
    for (const root of [this.head, this.body]) {
      for (const element of root.descendants()) if (element.id === id) return element;
    }
    return null;
  }
}

export interface FakeBrowser {
  window: Record<string, unknown>;
  document: FakeDocument;
  /** Runs a classic script as the browser would, with `document.currentScript` set while it runs. */
  runScript(source: string): void;
}

export function fakeBrowser(options: { scriptSrc: string; fetch: typeof fetch }): FakeBrowser {
  const document = new FakeDocument(options.scriptSrc);
  const window: Record<string, unknown> = { document, fetch: options.fetch, console };
  window.window = window;
  const context = vm.createContext(window);
  return {
    window,
    document,
    runScript(source) {
      vm.runInContext(source, context, { filename: options.scriptSrc });
      document.currentScript = null;
    },
  };
}
