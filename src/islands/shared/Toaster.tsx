import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toast, dismissToast } from '../../stores/toasts';

/**
 * Shows the current toast from the shared store: one at a time, hidden after its duration (paused while hovered
 * or focused), dismissible.
 * Destructive toasts are alerts (read out at once); others are polite status messages.
 */
export default function Toaster() {
  const toast = useStore($toast);
  // The clock stops while the pointer is over the toast or focus is in it, so it can be read and dismissed.
  const [paused, setPaused] = useState(false);
  const remaining = useRef(0);

  useEffect(() => {
    remaining.current = toast?.duration ?? 0;
    setPaused(false);
  }, [toast]);

  useEffect(() => {
    if (!toast || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [toast, paused]);

  const destructive = toast?.variant === 'destructive';
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
    >
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the auto-hide of this live region (role status or alert)
        <div
          key={toast.id}
          role={destructive ? 'alert' : 'status'}
          aria-live={destructive ? 'assertive' : 'polite'}
          aria-atomic="true"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
            destructive ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && (
              <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-stone-700'}`}>
                {toast.description}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(toast.id)}
            className={`rounded p-1 ${destructive ? 'hover:bg-red-800' : 'hover:bg-stone-100'}`}
          >
            <svg className="h-4 w-4" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
