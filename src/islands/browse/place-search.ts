import type { Coordinates } from '../../domain/search';
import { attachCombobox } from './combobox';
import { type PlaceChoice, suggest } from './places';

/**
 * What place search loads on demand, never with the page: the location field's suggestions (a combobox
 * over the gazetteer), the place of a `near` key, and the visitor's position for 'Near Me'. One module, so the
 * browse island's first load carries none of it and a visitor downloads it once.
 */

export { resolveNear, resolveNearNow } from './places';

export const SUGGESTIONS_LABEL = 'Suggested places';
export const GEO_DENIED = 'Location access was denied. Type a city or ZIP instead.';
export const GEO_UNAVAILABLE = 'Your location is not available right now. Type a city or ZIP instead.';

/**
 * Asks the browser for the visitor's position ('Near Me', D14), or says why it cannot be used. The store's actions
 * come as arguments: importing the store here would split it out of the browse island's first-load chunk.
 */
export function locateVisitor(found: (at: Coordinates) => void, failed: (message: string) => void): void {
  if (!('geolocation' in navigator)) {
    failed(GEO_UNAVAILABLE);
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => found({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    (error) => failed(error.code === error.PERMISSION_DENIED ? GEO_DENIED : GEO_UNAVAILABLE),
    { timeout: 15_000, maximumAge: 600_000 },
  );
}

/** The location field's place suggestions: the combobox over the gazetteer. */
export function attachPlaceCombobox(
  input: HTMLInputElement,
  onChoose: (place: PlaceChoice) => void,
): () => void {
  return attachCombobox(input, { suggest, onChoose, listLabel: SUGGESTIONS_LABEL });
}

/**
 * Gives plain form fields marked `data-place-field` (the home hero's) the same suggestions. The attribute names the
 * query parameter of the place: choosing one fills the field and a hidden field of that name with its key, which
 * typing empties, so the form sends `near` with the rest. The browse island calls this when it loads its own field:
 * a page's plain script then carries none of the suggestion code.
 */
export function enhancePlaceFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement>('input[data-place-field]:not([role])')) {
    const near = field.ownerDocument.createElement('input');
    near.type = 'hidden';
    near.name = field.getAttribute('data-place-field') ?? '';
    field.after(near);
    field.addEventListener('input', () => {
      near.value = '';
    });
    attachPlaceCombobox(field, (place) => {
      field.value = place.label;
      near.value = place.key;
    });
  }
}
