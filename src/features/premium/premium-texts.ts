/** The premium and chat screens' words (issue 25), in one place. */
export const PREMIUM_TEXTS = {
  heading: 'Premium',
  intro: 'Premium members get more out of Plop:',
  perkChat: 'Chat: private, realtime conversations with other premium members.',
  perkBadge: 'The premium badge next to your name in the feed, the leaderboard, your profile and chat.',
  notOffered: 'Premium is not offered on this server.',
  priceUnknown: 'The price could not be read right now.',
  subscribe: 'Subscribe',
  manage: 'Manage subscription',
  youArePremium: 'You are premium.',
  adminPremium: 'As an admin you count as premium.',
  grantedPremium: 'Your premium was granted by an administrator.',
  status: (status: string) => `Subscription status: ${STATUS_WORDS[status] ?? status}`,
  renews: (date: string) => `Renews on ${date}`,
  loadFailed: 'Could not load the premium plan.',
  redirectFailed: 'Could not open the payment page. Please try again.',
  confirmationHeading: 'Premium confirmation',
  confirming: 'Confirming your subscription…',
  confirmed: 'Thank you! Your premium is active.',
  notYet: 'Your payment is being processed. This page updates when Stripe confirms it.',
  openChat: 'Open chat',
  backToPremium: 'Back to premium',
} as const;

/** A subscription status in words. */
const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  canceled: 'canceled',
  incomplete: 'payment not completed',
  past_due: 'payment overdue',
  '': 'none',
};

/** A renewal date in the viewer's locale, e.g. '27 December 2026'. */
export function renewalDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** '€2.99 / month' in the viewer's locale. */
export function priceLabel(price: { unitAmount: number; currency: string; interval: string }, locale?: string): string {
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unitAmount / 100,
  );
  return `${amount} / ${price.interval}`;
}
