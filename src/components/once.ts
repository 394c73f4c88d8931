/**
 * The parts of the layout that are the same on every page (header, footer) rendered once per build and reused as
 * HTML: 10,000 listing pages need not render the same components 10,000 times. Each id names one
 * rendering: whatever the part's HTML depends on must be in its id. In astro dev every page renders them afresh.
 */
const rendered = new Map<string, Promise<string>>();

export function renderOnce(id: string, render: () => Promise<string>): Promise<string> {
  if (import.meta.env.DEV) return render();
  let html = rendered.get(id);
  if (html === undefined) {
    html = render();
    rendered.set(id, html);
  }
  return html;
}
