import { matchScreen, type ScreenName, screens } from '@gebere/contract/screens';
import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * One code-split chunk per view: `features/<view>/<view>-screen.tsx` default-exports the
 * component that draws the registry's screens of that folder (it gets `{screen}`, the screen's
 * name). main.tsx loads the launch screen's chunk while i18n initialises, instead of after the
 * first render.
 */
export interface ViewModule {
  default: ComponentType<{ screen: ScreenName }>;
}
type Loader = () => Promise<ViewModule>;

const viewModules = import.meta.glob<ViewModule>('../features/*/*-screen.tsx');

/** The loader of a screen's view module (the registry's `view`). */
export function loaderOf(name: ScreenName): Loader {
  const { view } = screens[name];
  const loader = viewModules[`../features/${view}/${view}-screen.tsx`];
  if (!loader) throw new Error(`screen ${name}: no features/${view}/${view}-screen.tsx`);
  return loader;
}

/** View modules already loaded (preloadScreen, or a lazy screen's first render), by view. */
const loaded = new Map<string, ViewModule>();
const load = (name: ScreenName) =>
  loaderOf(name)().then((m) => {
    loaded.set(screens[name].view, m);
    return m;
  });

const lazyScreens = new Map<ScreenName, ComponentType>();

/**
 * The screen's component: renders at once when its view module is already loaded (the launch
 * route: main.tsx waits for it): a Suspense fallback, once shown, stays at least 300 ms (React's
 * reveal throttle), half a 3G round trip for nothing. Decided once per mount, so a screen never
 * switches component (and loses its state) on a later render.
 */
export function screenComponent(name: ScreenName): ComponentType {
  let component = lazyScreens.get(name);
  if (!component) {
    const Lazy = lazy(() => load(name));
    component = function Screen() {
      const [module] = useState(() => loaded.get(screens[name].view));
      return module ? createElement(module.default, { screen: name }) : createElement(Lazy, { screen: name });
    };
    lazyScreens.set(name, component);
  }
  return component;
}

/**
 * Starts downloading the chunk of the screen at `pathname` (no-op for unknown paths).
 * Resolves when it is loaded; never rejects.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const match = matchScreen(pathname);
  if (!match) return Promise.resolve();
  return load(match.name).then(
    () => undefined,
    () => undefined,
  );
}
