import { useEffect, useRef } from 'react';
import { choosePlace, setLocation } from '../stores/filters';

export const LOCATION_PLACEHOLDER = "City, ZIP, or 'Near Me'";
export const SUGGESTIONS_LABEL = 'Suggested places';

interface Props {
  id: string;
  value: string;
  className: string;
}

/**
 * The browse view's location field: typed text filters as today (spec section 7); as the visitor types, a combobox
 * suggests towns and ZIP codes, and choosing one switches the results to distance mode (D27). The suggestion code
 * and the gazetteer load only when the visitor first types (issue 17: nothing of them in the first load).
 */
export function LocationField({ id, value, className }: Props) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let detach: (() => void) | null = null;
    let live = true;
    import('./combobox').then(({ attachCombobox }) => {
      if (!live) return;
      detach = attachCombobox(field, {
        suggest: (text) => import('./places').then((m) => m.suggest(text)),
        onChoose: choosePlace,
        listLabel: SUGGESTIONS_LABEL,
      });
    });
    return () => {
      live = false;
      detach?.();
    };
  }, []);
  return (
    <div>
      <input
        ref={input}
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder={LOCATION_PLACEHOLDER}
        onChange={(e) => setLocation(e.target.value)}
        className={className}
      />
    </div>
  );
}
