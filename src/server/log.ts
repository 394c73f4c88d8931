import { printable } from '../domain/text';

/**
 * An error as server log text: its message escaped (a database or mail error may quote submitted or stored text,
 * which may hold ESC, BEL, CR or LF), followed by its stack frames, which are ours.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return printable(String(error));
  const head = error.message ? `${error.name}: ${error.message}` : error.name;
  const stack = error.stack ?? head;
  const frames = stack.startsWith(head) ? stack.slice(head.length) : '';
  return `${error.name}${error.message ? `: ${printable(error.message)}` : ''}${frames}`;
}
