import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import Toaster from '../../src/islands/shared/Toaster';
import { $toast, dismissToast, showToast } from '../../src/stores/toasts';

const render = () => renderToString(createElement(Toaster));

describe('Toaster', () => {
  afterEach(() => dismissToast());

  it('renders nothing but its region when no toast is shown', () => {
    expect(render()).not.toContain('role="status"');
    expect(render()).toContain('aria-label="Notifications"');
  });

  it('shows a default toast as a polite status with a dismiss button', () => {
    showToast({ title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." });
    const html = render();
    expect(html).toContain('role="status"');
    expect(html).toContain('Message sent successfully!');
    expect(html).toContain('We&#x27;ll get back to you within 24 hours.');
    expect(html).toContain('aria-label="Dismiss notification"');
  });

  it('shows a destructive toast as an alert, in red', () => {
    showToast({ title: 'Submission failed', variant: 'destructive' });
    const html = render();
    expect(html).toContain('role="alert"');
    expect(html).toContain('bg-red-700');
  });

  it('shows only the newest of two toasts', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Second' });
    const html = render();
    expect(html).not.toContain('First');
    expect(html).toContain('Second');
    expect($toast.get()?.title).toBe('Second');
  });
});
