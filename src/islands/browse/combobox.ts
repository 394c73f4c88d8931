/**
 * A WAI-ARIA combobox with a list of suggestions (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/) on an
 * existing text input: framework-free, so the browse island and the home hero's plain script share one
 * implementation. The input keeps its own value and events; this adds the listbox, the keyboard (Down/Up move,
 * Enter chooses, Escape closes) and a polite live region saying how many suggestions there are. Suggestions come
 * from `suggest`, which may load its data on the first call (the gazetteer does).
 */

export interface Suggestion {
  key: string;
  label: string;
}

export interface ComboboxOptions<S extends Suggestion> {
  /** Suggestions for the text typed; [] for none. */
  suggest: (text: string) => Promise<S[]>;
  /** A suggestion was chosen (click or Enter); the input's value is the caller's to set. */
  onChoose: (suggestion: S) => void;
  /** Accessible name of the list. */
  listLabel: string;
}

const OPTION =
  'cursor-pointer px-3 py-2 text-sm text-stone-900 aria-selected:bg-emerald-800 aria-selected:text-white hover:bg-emerald-50';

/** Runs `task` in a task of its own after the next frame is painted (a timeout where frames do not run). */
function afterNextPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  // A hidden page paints no frames: the suggestions must not wait for one.
  setTimeout(run, 100);
}

/** Makes `input` a combobox; returns the function that undoes it. */
export function attachCombobox<S extends Suggestion>(
  input: HTMLInputElement,
  { suggest, onChoose, listLabel }: ComboboxOptions<S>,
): () => void {
  const doc = input.ownerDocument;
  const listId = `${input.id}-suggestions`;
  const list = doc.createElement('ul');
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', listLabel);
  list.hidden = true;
  // Not a Tab stop: Chromium makes a scrollable box focusable, and Tab must go on to the next control.
  list.tabIndex = -1;
  // Absolute without top or left: it sits right under the input, wherever the input is in its container.
  list.className =
    'absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-stone-300 bg-white py-1 shadow-lg';
  const live = doc.createElement('div');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.className = 'sr-only';
  input.parentElement?.classList.add('relative');
  input.after(list, live);

  // ARIA in HTML allows role=combobox on a text input, not on type=search (the Nu HTML Checker's error).
  if (input.type === 'search') input.type = 'text';
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  input.autocomplete = 'off';

  let items: S[] = [];
  let active = -1;
  // Answers can arrive out of order (a piece loads while the next key is typed): only the latest one counts.
  let asked = 0;

  const setActive = (index: number) => {
    active = index;
    list.querySelectorAll('[role=option]').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === index));
      if (i === index) li.scrollIntoView?.({ block: 'nearest' });
    });
    if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  };
  const open = () => {
    if (items.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item) return;
    close();
    items = [];
    live.textContent = '';
    onChoose(item);
  };
  const show = (next: S[]) => {
    items = next;
    list.replaceChildren(
      ...next.map((s, i) => {
        const li = doc.createElement('li');
        li.id = `${listId}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.className = OPTION;
        li.textContent = s.label;
        // Keeps the focus in the input, so choosing with the mouse does not close the list first.
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => choose(i));
        return li;
      }),
    );
    active = -1;
    input.removeAttribute('aria-activedescendant');
    live.textContent =
      next.length === 0 ? '' : `${next.length} suggested place${next.length === 1 ? '' : 's'}`;
    if (next.length > 0 && doc.activeElement === input) open();
    else close();
  };

  // The suggestions are worked out after the frame that shows the keystroke's own effects (the browse results,
  // rendered by the same input event), never in the keystroke's task: their matching and their list's DOM would
  // delay the results. Keys typed before that frame are coalesced: only the latest text is looked up.
  const onInput = () => {
    const ask = ++asked;
    afterNextPaint(() => {
      if (ask !== asked) return;
      suggest(input.value).then(
        (found) => ask === asked && show(found),
        () => ask === asked && show([]),
      );
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const expanded = !list.hidden;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) open();
      setActive(active < 0 && step < 0 ? items.length - 1 : (active + step + items.length) % items.length);
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Enter') {
      // The text is searched as typed (a form submits): the list has nothing more to offer.
      close();
    } else if (e.key === 'Escape' && expanded) {
      // Only closes the list: a search field's own Escape would also clear the text.
      e.preventDefault();
      close();
    }
  };
  const onBlur = () => close();

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('blur', onBlur);
  // Text typed while this code was loading gets its suggestions now.
  if (doc.activeElement === input && input.value.trim()) onInput();
  return () => {
    input.removeEventListener('input', onInput);
    input.removeEventListener('keydown', onKeyDown);
    input.removeEventListener('blur', onBlur);
    for (const name of [
      'role',
      'aria-autocomplete',
      'aria-expanded',
      'aria-controls',
      'aria-activedescendant',
    ])
      input.removeAttribute(name);
    list.remove();
    live.remove();
  };
}
