import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
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
      title={saved ? 'Saved to your shortlist' : 'Save to your shortlist'}
      onClick={() => toggleSaved(slug)}
      className={
        withText
          ? 'flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-md border border-rose-200 px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50'
          : 'shrink-0 rounded-full p-1.5 text-rose-700 hover:bg-rose-50'
      }
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill={saved ? 'currentColor' : 'none'}>
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
        />
      </svg>
      {withText && (saved ? 'Saved' : 'Save')}
    </button>
  );
}
