/** The landing page's texts (shared by the page and its build-time prerender). */
export const LANDING_TEXT = {
  title: 'Plop',
  tagline: 'The social app for your daily business.',
  features: [
    'Snap a photo of your poop and classify it on the Bristol scale.',
    'Keep a daily streak and climb the leaderboards.',
    'Keep a private health diary only you can see, and make a report for your doctor from it.',
    'Follow friends, like and comment on their posts.',
    'Works offline: post now, it uploads when you are back online.',
  ],
  signInHeading: 'Sign in or sign up',
  signedInHeading: 'You are signed in',
  checking: 'Checking whether you are signed in',
  openApp: 'Open the app',
  howItWorks: 'How Plop works',
  tryFirst: 'Try it first',
  or: 'or',
} as const;
