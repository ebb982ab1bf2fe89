/**
 * A framed app on another site than its parent (Telegram Web at web.telegram.org, Telegram
 * Desktop's web view, the emulator's chat page) may be denied storage: Chromium with third-party
 * cookies blocked (incognito's default) throws a SecurityError on merely reading
 * `window.sessionStorage`. @telegram-apps/sdk keeps its components' state there and calls it
 * unguarded: retrieveLaunchParams saves the launch it just read, mounting theme params reads it,
 * and every setMainButtonParams writes the button's state before posting it. So, denied, the
 * SDK throws: the theme is not applied, the main button never mounts nor shows, and nothing
 * can be sent. In its place we give the page an in-memory Storage: the SDK works for the
 * page's life (a reload reads the launch from the URL again), and so does anything else that
 * keeps state in sessionStorage — only surviving a reload is lost, which a
 * denied storage could not offer anyway.
 */

class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value));
  }
}

function usable(): boolean {
  try {
    const storage = window.sessionStorage;
    const probe = 'gebere/probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes `sessionStorage` usable: the browser's when it is allowed, else an in-memory one.
 * Returns whether the fallback was installed. Call before the SDK's first use.
 */
export function ensureSessionStorage(): boolean {
  if (usable()) return false;
  try {
    // `sessionStorage` is a configurable attribute of the window: the SDK's bare
    // `sessionStorage` resolves to this value from now on.
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      enumerable: true,
      value: new MemoryStorage(),
    });
  } catch {
    return false; // a browser that refuses: the SDK calls stay guarded by the callers
  }
  return usable();
}
