/** What each "it is done" page says (MessagePage): the landings the alert and newsletter links redirect to. */
export interface Message {
  /** The document title. */
  title: string;
  description: string;
  /** The page's h1 and its lead. */
  heading: string;
  lead: string;
  back: { href: string; label: string };
}

const BROWSE = { href: '/browse', label: 'Back to browsing' };
const BLOG = { href: '/blog', label: 'Back to the blog' };

export const MESSAGE_PAGES = {
  'alerts/confirmed': {
    title: 'Alert Started',
    description: 'Your listing alert is confirmed.',
    heading: 'Your alert is on',
    lead: 'Thank you for confirming. We will e-mail you when a new listing matches your search; every alert has a one-click unsubscribe link and a link to manage all your alerts.',
    back: BROWSE,
  },
  'alerts/unsubscribed': {
    title: 'Alert Stopped',
    description: 'Your listing alert is stopped.',
    heading: 'Alert stopped',
    lead: 'This alert is deleted: it will not e-mail you again. Your other alerts, if any, go on.',
    back: BROWSE,
  },
  'newsletter/confirmed': {
    title: 'Subscription Confirmed',
    description: 'Your newsletter subscription is confirmed.',
    heading: "You're subscribed",
    lead: 'Thank you for confirming. New articles will arrive by e-mail; every message has a one-click unsubscribe link.',
    back: BLOG,
  },
  'newsletter/unsubscribed': {
    title: 'Unsubscribed',
    description: 'You will not receive the newsletter any more.',
    heading: "You're unsubscribed",
    lead: 'This address will not receive the newsletter any more. You can subscribe again from the blog at any time.',
    back: BLOG,
  },
} satisfies Record<string, Message>;
