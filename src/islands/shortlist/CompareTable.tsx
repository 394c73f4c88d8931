import type { ListingFacts } from '../../domain/facts';
import { openSeason } from '../../domain/facts';
import { formatPhone, telHref } from '../../domain/format';
import { photoUrl } from '../../domain/photos';
import { TitledSection } from '../shared/TitledSection';
import type { Saved } from './ShortlistApp';

type Listed = Extract<Saved, { state: 'listed' }>;

const NOT_STATED = 'Not stated';
const yesNo = (v: boolean | null) => (v === null ? NOT_STATED : v ? 'Yes' : 'No');

/** The rows of facts, each a label and its value for one listing; unknown is said, never "no" (D32). */
const FACT_ROWS: Array<[string, (f: ListingFacts) => string]> = [
  ['Open', (f) => openSeason(f.open_months) || NOT_STATED],
  ['Pets allowed', (f) => yesNo(f.pets_allowed)],
  ['Good for kids', (f) => yesNo(f.good_for_kids)],
  [
    'Wheelchair accessible',
    (f) => `${yesNo(f.wheelchair_accessible)}${f.accessibility_note ? ` (${f.accessibility_note})` : ''}`,
  ],
  ['Sleeps', (f) => (f.sleeps === null ? NOT_STATED : `Up to ${f.sleeps}`)],
  [
    'Minimum stay',
    (f) =>
      f.min_nights === null ? NOT_STATED : `${f.min_nights} ${f.min_nights === 1 ? 'night' : 'nights'}`,
  ],
];

/**
 * Up to four saved listings side by side: a real table (a header cell per listing and per row). On a narrow screen
 * it scrolls sideways inside its frame with the row names kept in view (sticky first column).
 */
export function CompareTable({ listings, photoBase }: { listings: Listed[]; photoBase: string }) {
  const amenities = [...new Set(listings.flatMap((l) => l.card.amenities))].sort();
  const sticky = 'sticky left-0 z-10 bg-white text-left font-medium text-stone-700';
  const cell = 'border-t border-stone-200 px-3 py-2 align-top';
  const row = (label: string, values: string[]) => (
    <tr key={label}>
      <th scope="row" className={`${cell} ${sticky}`}>
        {label}
      </th>
      {values.map((v, i) => (
        <td key={listings[i]!.slug} className={cell}>
          {v}
        </td>
      ))}
    </tr>
  );
  return (
    <TitledSection title="Compare" className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{listings.length} saved listings side by side</caption>
          <thead>
            <tr>
              <td className={`${sticky} px-3 py-2`} />
              {listings.map((l) => (
                <th
                  key={l.slug}
                  scope="col"
                  className="min-w-40 px-3 py-2 text-left align-bottom font-semibold"
                >
                  {l.card.cover && (
                    <img
                      src={photoUrl(photoBase, l.card.cover.id, l.card.cover.widths[0] ?? 400, 'jpeg')}
                      alt=""
                      width={160}
                      height={107}
                      loading="lazy"
                      className="mb-2 aspect-[3/2] h-auto w-40 rounded-md bg-stone-200 object-cover"
                    />
                  )}
                  {l.card.property_name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(
              'Place',
              listings.map((l) => `${l.card.city}, ${l.card.state}`),
            )}
            <tr>
              <th scope="row" className={`${cell} ${sticky}`}>
                Phone
              </th>
              {listings.map((l) => {
                const tel = telHref(l.card.phone);
                return (
                  <td key={l.slug} className={cell}>
                    {tel ? (
                      <a href={tel} className="font-medium text-emerald-800 underline">
                        {formatPhone(l.card.phone)}
                      </a>
                    ) : (
                      NOT_STATED
                    )}
                  </td>
                );
              })}
            </tr>
            {row(
              'Type',
              listings.map((l) => l.card.accommodation_type),
            )}
            {row(
              'Setting',
              listings.map((l) => l.card.setting_type),
            )}
            {row(
              'Price range',
              listings.map((l) => l.card.price_range ?? 'Contact for rates'),
            )}
            {FACT_ROWS.map(([label, value]) =>
              row(
                label,
                listings.map((l) => value(l.detail.facts)),
              ),
            )}
            {amenities.map((a) =>
              row(
                a,
                // An amenity a listing does not name is one it did not mention, not one it lacks (D32).
                listings.map((l) => (l.card.amenities.includes(a) ? '✓ Yes' : NOT_STATED)),
              ),
            )}
          </tbody>
        </table>
      </div>
    </TitledSection>
  );
}
