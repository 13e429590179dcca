import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { renderSplash } from './splash';

// index.html's #root is renderSplash()'s output (the build's, in Node). The page's script hydrates
// it with the App, whose first view must render exactly that: React's development build reports any
// difference (an attribute, a class, a text) that its production build would pass over silently.

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the prerendered loading view', () => {
  it('is what the App renders first: hydration keeps its nodes and reports nothing', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderSplash();
    document.body.append(container);
    const promise = container.querySelector('p');
    expect(promise?.textContent).toMatch(/^Wake up and wind down/);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <App
            loadConfig={() => new Promise<never>(() => undefined)}
            createServices={() => Promise.reject(new Error('not in this test'))}
          />
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await Promise.resolve();
    });

    expect(recoverable).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    expect(container.querySelector('p'), 'the same node').toBe(promise);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
