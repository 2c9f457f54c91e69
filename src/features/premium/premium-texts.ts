/** The premium and chat screens' words (issue 25), in one place. */
export const PREMIUM_TEXTS = {
  heading: 'Premium',
  intro: 'Premium members get more out of Plop:',
  perkChat: 'Chat: private, realtime conversations with other premium members.',
  perkBadge: 'The premium badge next to your name in the feed, the leaderboard, your profile and chat.',
  notConfigured: 'Payments are not set up on this server, so premium cannot be bought here.',
  notConfiguredHelp: 'An administrator can grant premium for testing with: npm run admin -- premium <email>',
  priceUnknown: 'The price could not be read right now.',
  subscribe: 'Subscribe',
  manage: 'Manage or cancel subscription',
  youArePremium: 'You are premium.',
  adminPremium: 'As an admin you count as premium.',
  status: (status: string) => `Subscription status: ${status || 'none'}`,
  loadFailed: 'Could not load the premium plan.',
  redirectFailed: 'Could not open the payment page. Please try again.',
  confirmationHeading: 'Premium confirmation',
  confirming: 'Confirming your subscription…',
  confirmed: 'Thank you! Your premium is active.',
  notYet: 'Your payment is being processed. This page updates when Stripe confirms it.',
  openChat: 'Open chat',
  backToPremium: 'Back to premium',
} as const;

/** '€2.99 / month' in the viewer's locale. */
export function priceLabel(price: { unitAmount: number; currency: string; interval: string }, locale?: string): string {
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unitAmount / 100,
  );
  return `${amount} / ${price.interval}`;
}
