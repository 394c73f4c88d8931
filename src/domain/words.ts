import type { Locatable } from './location';

// Remembered per listing object, like location texts (./location.ts): the typo-tolerant matcher is rebuilt for a
// longer list each time another listings file arrives.
const wordsOf = new WeakMap<Locatable, string[]>();

/** Lower-case words of a text (letters and digits; "Owl's" -> "owls"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The distinct words of a listing's name, city and state (typo-tolerant search), remembered per listing. */
export function locationWords(l: Locatable): string[] {
  let list = wordsOf.get(l);
  if (!list) {
    list = [...new Set(words(`${l.property_name} ${l.city} ${l.state}`))];
    wordsOf.set(l, list);
  }
  return list;
}
