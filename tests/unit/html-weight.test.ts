import { describe, expect, it } from 'vitest';
import {
  EXTRA_ATTRIBUTE,
  extraBytes,
  median,
  plainPage,
  removeElements,
  withoutExtras,
} from '../../scripts/bench/html-weight';

const page = (main: string, head = '<title>Yurt</title>') =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body><a href="#main" class="skip-link">Skip</a>` +
  `<header class="site-header"><nav><a href="/">Home</a></nav></header><main id="main">${main}</main>` +
  `<footer class="site-footer"><a href="/about">About</a></footer><script type="module" src="/a.js"></script></body></html>`;

describe('withoutExtras', () => {
  it(`leaves out each element marked ${EXTRA_ATTRIBUTE}, with everything inside it`, () => {
    const html = page(
      '<h1>Yurt</h1><section data-bench-extra aria-label="Map"><section><p>inner</p></section><img src="m.png" alt=""></section>' +
        '<p>After</p><div data-bench-extra="nearby"><ul><li>Other</li></ul></div>',
    );
    const result = withoutExtras(html);
    expect(result).toContain('<h1>Yurt</h1><p>After</p></main>');
    expect(result).not.toContain('inner');
    expect(result).not.toContain('Other');
    expect(extraBytes(html)).toBe(html.length - result.length);
  });

  it('is not confused by tags inside scripts, comments or attribute values', () => {
    const html = page(
      '<div data-bench-extra><script>if (a<div) document.write("</div>")</script><!-- </div> -->' +
        '<a title="a > b </div>" href="/x">x</a></div><p>kept</p>',
    );
    expect(withoutExtras(html)).toContain('<main id="main"><p>kept</p></main>');
  });

  it('removes a marked void element alone, and leaves a page without marks as it was', () => {
    expect(withoutExtras(page('<img data-bench-extra src="x.png" alt=""><p>kept</p>'))).toBe(
      page('<p>kept</p>'),
    );
    const plain = page('<p data-bench-extras-not-quite>kept</p>');
    expect(withoutExtras(plain)).toBe(plain);
    expect(extraBytes(plain)).toBe(0);
  });
});

describe('removeElements', () => {
  it('counts nested elements of the same name', () => {
    const html = '<div><div class="x"><div>a</div><div>b</div></div><div>c</div></div>';
    expect(removeElements(html, (_, attributes) => attributes.includes('class="x"'))).toBe(
      '<div><div>c</div></div>',
    );
  });
});

describe('plainPage', () => {
  it("keeps the head's content and JSON-LD and the main content, without layout, classes, icons or scripts", () => {
    const head =
      '<meta charset="utf-8"><title>Yurt</title><link rel="canonical" href="/x"><link rel="stylesheet" href="/a.css">' +
      '<script type="application/ld+json">{"@type":"Campground"}</script><script type="module">menu()</script>';
    const main =
      '<svg class="sprite"><symbol id="i"><path d="M0 0"/></symbol></svg><h1 class="big">Yurt</h1>' +
      '<ul class="amenities"><li><svg class="icon"><use href="#i"></use></svg>Wifi</li></ul>' +
      '<section data-bench-extra><h2>Map</h2></section>';
    expect(plainPage(page(main, head))).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Yurt</title><link rel="canonical" href="/x">' +
        '<script type="application/ld+json">{"@type":"Campground"}</script></head>' +
        '<body><main><h1>Yurt</h1><ul><li>Wifi</li></ul></main></body></html>',
    );
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
