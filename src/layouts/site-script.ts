import { toggled } from '../domain/shortlist';
import { watchListingEvents } from '../islands/shared/insights-beacon';
import { copiesDiffer, readCopies, savedNote } from '../pwa/offline-state';
import { onSavedChange, readSaved, writeSaved } from '../stores/shortlist-storage';

/**
 * The behaviour of the layout every page shares (Header.astro, Footer.astro), as one script file that the browser
 * caches rather than bytes repeated in every page (astro.config.mjs keeps it out of the HTML).
 */

// Spec: search sends the trimmed text to /browse?search=..., ignores blank text and clears the box.
const menu = document.getElementById('menu');
const isOpen = () => menu?.matches(':popover-open') === true;
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-header-search]')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = form.elements.namedItem('search') as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    if (isOpen()) menu?.hidePopover();
    window.location.assign(`/browse?search=${encodeURIComponent(text)}`);
  });
}
// The menu opens and closes natively (popover); choosing a link closes it too, and opening it moves focus in.
// On wide screens the same list is the header's navigation, a popover that is never open.
menu?.addEventListener('click', (event) => {
  if (isOpen() && event.target instanceof Element && event.target.closest('a')) menu.hidePopover();
});
// Tabbing out of the open menu closes it, so focus never wanders behind it.
menu?.addEventListener('focusout', (event) => {
  const next = event.relatedTarget;
  if (next instanceof Node && !menu.contains(next) && isOpen()) menu.hidePopover();
});
// Closing it (Escape, the close button, a link) puts focus back on the menu button rather than losing it.
menu?.addEventListener('toggle', (event) => {
  if ((event as ToggleEvent).newState === 'open') {
    menu.querySelector<HTMLElement>('button[popovertarget]')?.focus();
    return;
  }
  const active = document.activeElement;
  if (!active || active === document.body || menu.contains(active)) {
    document.querySelector<HTMLElement>('.menu-button')?.focus();
  }
});

// The panel is for narrow screens (below Tailwind's lg): a screen that grows past them (a tablet turned sideways)
// closes it, and the list is back in the bar.
matchMedia('(min-width: 64rem)').addEventListener('change', (event) => {
  if (event.matches && isOpen()) menu?.hidePopover();
});

// The footer shows the build's year; this makes it the visitor's, so a page built on 31 December is still right
// in January.
for (const el of document.querySelectorAll('[data-current-year]'))
  el.textContent = String(new Date().getFullYear());

// The shortlist: the header's count, and a listing page's Save button (plain script: that page ships no
// React). Islands change the same stored list through src/stores/shortlist.ts; both follow every change.
const saveButtons = document.querySelectorAll<HTMLButtonElement>('button[data-save]');
const showSaved = () => {
  const saved = readSaved();
  for (const el of document.querySelectorAll('[data-shortlist-count]'))
    el.textContent = saved.length > 0 ? ` (${saved.length})` : '';
  for (const b of saveButtons) b.setAttribute('aria-pressed', String(saved.includes(b.dataset.save ?? '')));
};
for (const b of saveButtons) {
  b.hidden = false;
  b.addEventListener('click', () => writeSaved(toggled(readSaved(), b.dataset.save ?? '')));
}
showSaved();
onSavedChange(showSaved);

// The installable app (docs/saved-searches.md, "The installable app"): the service worker registers after load, once
// the visitor pauses (../pwa/register-worker.ts); the shortlist's offline copies follow the list, their code loaded
// only when a listing was added or removed.
if ('serviceWorker' in navigator && 'caches' in window) {
  const syncCopies = () => {
    const saved = readSaved();
    if (copiesDiffer(saved)) void import('../pwa/offline-copies').then((m) => m.syncCopies(saved));
  };
  const start = () => void import('../pwa/register-worker').then((m) => m.registerWhenQuiet(syncCopies));
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
  onSavedChange(syncCopies);
}
// A listing page kept for offline use says since when (it may be read with no signal).
for (const b of saveButtons) {
  const copy = readCopies()[b.dataset.save ?? ''];
  if (!copy) continue;
  const note = document.createElement('p');
  note.className = 'offline-note';
  note.textContent = savedNote(copy);
  b.after(note);
}

// Share on a listing page: the code loads on the first click.
for (const b of document.querySelectorAll<HTMLButtonElement>('button[data-share]')) {
  b.hidden = false;
  b.addEventListener('click', async () => {
    const { shareListing, SHARED_TEXT } = await import('../islands/shared/share');
    const outcome = await shareListing(b.dataset.share ?? '', b.dataset.shareTitle ?? document.title);
    const status = b.parentElement?.querySelector('[data-share-status]');
    if (status) status.textContent = SHARED_TEXT[outcome];
  });
}

// Insights (D35): a listing page's view and the contact clicks of any listing shown, as counts only.
watchListingEvents();
