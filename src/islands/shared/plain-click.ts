import type { MouseEvent as ReactMouseEvent } from 'react';

/** A click that would open a link in this tab (not a new tab or window): the one a page may answer itself. */
export const plainClick = (e: MouseEvent | ReactMouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
