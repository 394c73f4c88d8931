import { useEffect, useState } from 'react';
import { COPIES_CHANGED, type OfflineCopy, readCopies } from '../../pwa/offline-state';

/** The listings this browser keeps for offline use, following every change (docs/saved-searches.md, "The installable app"). */
export function useOfflineCopies(): Record<string, OfflineCopy> {
  const [copies, setCopies] = useState<Record<string, OfflineCopy>>({});
  useEffect(() => {
    const read = () => setCopies(readCopies());
    read();
    addEventListener(COPIES_CHANGED, read);
    return () => removeEventListener(COPIES_CHANGED, read);
  }, []);
  return copies;
}
