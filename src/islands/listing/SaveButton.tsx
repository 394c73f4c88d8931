import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { iconClass } from '../../domain/amenity-icon';
import { saveTitle } from '../../domain/shortlist';
import { $shortlist, startShortlist, toggleSaved } from '../../stores/shortlist';

/**
 * The heart that keeps a listing on the visitor's shortlist: a toggle button named "Save {property}",
 * pressed while saved. Rendered unpressed by the server; the stored list applies once the island runs.
 */
export function SaveButton({
  slug,
  name,
  withText = false,
}: {
  slug: string;
  name: string;
  withText?: boolean;
}) {
  const saved = useStore($shortlist, { ssr: 'initial' }).includes(slug);
  useEffect(startShortlist, []);
  return (
    <button
      type="button"
      aria-pressed={saved}
      data-insight="shortlist"
      aria-label={`Save ${name}`}
      title={saveTitle(saved)}
      onClick={() => toggleSaved(slug)}
      // The heart is drawn by its class (src/styles/icons.css), filled while the button is pressed.
      // A card's round button is styled by its place (.card-head, src/styles/cards.css).
      className={
        withText
          ? `flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-md border border-rose-200 px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50 ${iconClass('heart')}`
          : iconClass('heart')
      }
    >
      {withText && (saved ? 'Saved' : 'Save')}
    </button>
  );
}
