import { useId } from 'react';
import { isDistanceMode } from '../../domain/places/near';
import { type Filters, type Sort, sortOptions } from '../../domain/schemas/filters';
import { setSort } from '../../stores/filters';
import { Select } from '../shared/Select';

const SORT_LABELS: Record<Exclude<Sort, ''>, string> = {
  recommended: 'Recommended',
  rating: 'Highest rated',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name A–Z',
  distance: 'Distance',
};

const optionsFor = (distance: boolean) =>
  sortOptions(distance).map((value) => ({
    value,
    // The default is the spec's order, or nearest first once distances are measured.
    label: value === '' ? (distance ? 'Nearest first' : 'Default order') : SORT_LABELS[value],
  }));
const PLAIN = optionsFor(false);
const DISTANCE = optionsFor(true);

/** 'Sort by': the results' order, in the URL; 'Distance' is offered once a place or Near Me is set. */
export function SortSelect({ filters }: { filters: Filters }) {
  const id = useId();
  const distance = isDistanceMode(filters);
  const options = distance ? DISTANCE : PLAIN;
  // A `sort=distance` left in a link without a place shows (and works) as the default order.
  const value: Sort = options.some((o) => o.value === filters.sort) ? filters.sort : '';
  return (
    <div>
      <Select id={id} label="Sort by" value={value} options={options} onChange={setSort} />
    </div>
  );
}
