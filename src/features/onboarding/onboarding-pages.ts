import { msg } from '@lingui/core/macro';

/** The onboarding steps, in order; each page links to the next one and shows its own picture. */
export const ONBOARDING_PAGES = {
  '/onboard': {
    title: msg`Welcome to Plop`,
    text: msg`Plop is a friendly community for logging your bowel movements. Yes, really. It also keeps a private health diary only you can see, and makes a report of it for your doctor.`,
    next: '/onboardPoop',
  },
  '/onboardPoop': {
    title: msg`Every poop counts`,
    text: msg`Classify each one on the Bristol scale, from Type 1 to Type 7, and keep your daily streak going.`,
    next: '/onboardSnap',
  },
  '/onboardSnap': {
    title: msg`Snap it`,
    text: msg`Take a photo. Photos are stripped of location data and blurred in the feed until someone taps them.`,
    next: '/onboardPost',
  },
  '/onboardPost': {
    title: msg`Post it`,
    text: msg`Add a title and a description, then share it. No signal? It posts when you are back online.`,
    next: '/instructions',
  },
  '/instructions': {
    title: msg`Instructions`,
    text: msg`Tap Create, take a photo, pick a type and post. Earn points and keep your streak. Note how it went in your private diary, and make a report for your doctor when you see one.`,
    next: '/',
  },
} as const;

export type OnboardingPath = keyof typeof ONBOARDING_PAGES;

export const ONBOARDING_PATHS = Object.keys(ONBOARDING_PAGES) as OnboardingPath[];

/** The numbered steps of /instructions' picture. */
export const INSTRUCTION_STEPS = [
  msg`Start as a guest, or sign in with your e-mail.`,
  msg`Tap Create and take a photo.`,
  msg`Pick its type on the Bristol scale.`,
  msg`Post it, and post again tomorrow to grow your streak.`,
];

/** The tour's last slide: what its Start button does (issue 64: it creates a guest account). */
export const ONBOARDING_START = {
  button: msg`Start as a guest`,
  note: msg`Start as a guest: you can create an account later and keep what you posted.`,
  signIn: msg`I have an account: sign in`,
} as const;
