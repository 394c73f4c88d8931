import { useEffect } from 'react';
import { showToast } from '../../stores/toasts';
import { takeFlashToast } from '../forms/send-form';
import Toaster from './Toaster';

/**
 * The Toaster, plus the toast the previous page kept for this one (a form's result after it navigated here).
 * One island, so the kept toast is shown only once the Toaster has hydrated.
 */
export default function FlashToaster() {
  useEffect(() => {
    const toast = takeFlashToast();
    if (toast) showToast(toast);
  }, []);
  return <Toaster />;
}
