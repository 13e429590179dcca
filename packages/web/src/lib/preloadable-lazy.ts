import { lazy, useEffect, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export interface PreloadableLazy<P extends object> {
  /** What to render: suspends only while the chunk is still on its way. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the chunk (once; again after a failure) and resolves when it is in. */
  preload: () => Promise<ComponentType<P>>;
  /** Whether the chunk is in: rendering `Component` now cannot suspend. */
  isLoaded: () => boolean;
}

/**
 * `React.lazy` that renders at once when its chunk was preloaded before its first render.
 *
 * React holds a Suspense boundary's content back until 300 ms after its fallback showed
 * (react-dom's fallback throttle), so a plain lazy view costs up to 300 ms even when its chunk came
 * in long before: measured, two such steps were 550 ms of the return from sign-in to the first
 * cards. Here, once `preload` has resolved, the lazy factory answers with a thenable that calls back
 * synchronously, which React.lazy takes as already resolved: no suspension, no fallback, no wait.
 * A render before the chunk is in suspends as usual.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  type C = ComponentType<P>;
  let loaded: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy<C>(() => {
    if (loaded === undefined) return preload().then((component) => ({ default: component }));
    const component = loaded;
    // A promise would call back only after React has suspended; React.lazy takes any thenable.
    const settled = { then: (resolve: (module: { default: C }) => void) => resolve({ default: component }) };
    return settled as unknown as Promise<{ default: C }>;
  });
  return { Component, preload, isLoaded: () => loaded !== undefined };
}

/**
 * Preloads the chunk while `wanted`, and says when a render of it would no longer suspend (true
 * also once its load failed, so that the render tries again and fails as React.lazy does). A view
 * that keeps what it shows until then never shows a fallback, so React never holds it back.
 */
export function usePreloaded<P extends object>(view: PreloadableLazy<P>, wanted: boolean): boolean {
  const [settled, setSettled] = useState(view.isLoaded);
  useEffect(() => {
    if (!wanted || settled) return;
    let live = true;
    const done = () => void (live && setSettled(true));
    view.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [settled, view, wanted]);
  return settled;
}
