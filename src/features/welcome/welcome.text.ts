/** Texts of the new-account welcome (ready for translation). */
export const WELCOME_TEXT = {
  title: 'Welcome to Plop',
  step: (n: number, of: number) => `Step ${n} of ${of}`,
  nameTitle: 'Your name',
  nameIntro: (name: string) => `We picked ${name} for you. Keep it, or choose your own.`,
  usernameLabel: 'Username',
  checking: 'Checking…',
  available: 'That username is available.',
  yours: 'This is your username now.',
  avatarTitle: 'Add an avatar',
  avatarIntro: 'A picture helps friends find you. You can change it later in Account.',
  bristolTitle: 'The Bristol scale',
  bristolIntro: 'Every post gets a type. Here are the nine, as you will pick them when you post.',
  bristolList: 'The nine types',
  next: 'Next',
  done: 'Done',
  skip: 'Skip',
} as const;
