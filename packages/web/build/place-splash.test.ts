import { describe, expect, it } from 'vitest';
import { placeSplash } from './place-splash.ts';

const PAGE = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';

describe('placeSplash', () => {
  it('puts the elements in #root and their rules in the head', () => {
    const markup =
      '<style data-emotion="css-global 1a">body{margin:0}</style><main class="css-2b">' +
      '<style data-emotion="css 3c">.css-3c{color:red}</style><p class="css-3c">Hi</p></main>';
    expect(placeSplash(PAGE, markup)).toBe(
      '<html><head><title>t</title><style data-emotion="css-global 1a">body{margin:0}</style>' +
        '<style data-emotion="css 3c">.css-3c{color:red}</style></head>' +
        '<body><div id="root"><main class="css-2b"><p class="css-3c">Hi</p></main></div></body></html>',
    );
  });

  it('keeps `$` sequences as written', () => {
    const placed = placeSplash(
      PAGE,
      `<style data-emotion="css 1">.a::after{content:"$&$'"}</style><p>$\`$$</p>`,
    );
    expect(placed).toContain(`.a::after{content:"$&$'"}</style></head>`);
    expect(placed).toContain('<div id="root"><p>$`$$</p></div>');
  });

  it('refuses what it cannot place', () => {
    expect(() => placeSplash('<html><head></head><body></body></html>', '<p>x</p>')).toThrow(/#?root/);
    expect(() => placeSplash(PAGE, '<style nonce="n">p{}</style><p>x</p>')).toThrow(/style element/);
    expect(() => placeSplash(PAGE, '<style data-emotion="css 1">p{}</style>')).toThrow(/no elements/);
  });
});
