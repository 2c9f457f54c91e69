import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The premium screens' words (issue 25), as Lingui messages: a screen shows them with `i18n._`. */
export const PREMIUM_TEXTS = {
  heading: msg`Premium`,
  intro: msg`Premium members get more out of Plop:`,
  perkChat: msg`Chat: private, realtime conversations with other premium members.`,
  perkBadge: msg`The premium badge next to your name in the feed, the leaderboard, your profile and chat.`,
  notOffered: msg`Premium is not offered on this server.`,
  priceUnknown: msg`The price could not be read right now.`,
  subscribe: msg`Subscribe`,
  manage: msg`Manage subscription`,
  youArePremium: msg`You are premium.`,
  adminPremium: msg`As an admin you count as premium.`,
  grantedPremium: msg`Your premium was granted by an administrator.`,
  renews: (date: string) => msg`Renews on ${date}`,
  loadFailed: msg`Could not load the premium plan.`,
  redirectFailed: msg`Could not open the payment page. Please try again.`,
  confirmationHeading: msg`Premium confirmation`,
  confirming: msg`Confirming your subscription…`,
  confirmed: msg`Thank you! Your premium is active.`,
  notYet: msg`Your payment is being processed. This page updates when Stripe confirms it.`,
  openChat: msg`Open chat`,
  backToPremium: msg`Back to premium`,
} as const;

/** A subscription status in words. */
const STATUS_WORDS: Record<string, MessageDescriptor> = {
  active: msg`active`,
  canceled: msg`canceled`,
  incomplete: msg`payment not completed`,
  past_due: msg`payment overdue`,
  '': msg`none`,
};

/** 'Subscription status: active'; a status Plop has no words for shows as Stripe names it. */
export function statusText(status: string, i18n: I18n): string {
  const word = STATUS_WORDS[status];
  const words = word === undefined ? status : i18n._(word);
  return i18n._(msg`Subscription status: ${words}`);
}

/** Stripe's billing intervals in words. */
const INTERVAL_WORDS: Record<string, MessageDescriptor> = {
  day: msg`day`,
  week: msg`week`,
  month: msg`month`,
  year: msg`year`,
};

/** A renewal date in the viewer's locale, e.g. '27 December 2026'. */
export function renewalDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** '€2.99 / month' in the viewer's language ('2,99 € / mese'). */
export function priceLabel(price: { unitAmount: number; currency: string; interval: string }, i18n: I18n): string {
  const amount = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unitAmount / 100,
  );
  const word = INTERVAL_WORDS[price.interval];
  return `${amount} / ${word === undefined ? price.interval : i18n._(word)}`;
}
