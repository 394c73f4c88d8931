import { describe, expect, it } from 'vitest';
import { pagerPages } from '../../src/domain/paging';

describe("a landing page's pager", () => {
  it('links every page of a short list', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('links the first, the last and two on either side of the current page, marking the gaps', () => {
    expect(pagerPages(1, 70)).toEqual([1, 2, 3, null, 70]);
    expect(pagerPages(35, 70)).toEqual([1, null, 33, 34, 35, 36, 37, null, 70]);
    expect(pagerPages(70, 70)).toEqual([1, null, 68, 69, 70]);
  });

  it('links a single skipped page rather than marking it', () => {
    expect(pagerPages(5, 70)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 70]);
    expect(pagerPages(66, 70)).toEqual([1, null, 64, 65, 66, 67, 68, 69, 70]);
  });

  it('reaches every page by following its links from the first', () => {
    const pages = 70;
    const seen = new Set([1]);
    const queue = [1];
    for (let page = queue.shift(); page !== undefined; page = queue.shift())
      for (const n of pagerPages(page, pages))
        if (n !== null && !seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
    expect(seen.size).toBe(pages);
  });
});
