import { LEAGUE_MIN_ACTIVE_MEMBERS } from './league';

/** What the league and achievement screens say (issue 44); e2e specs read them from here. */
export const LEAGUE_TEXTS = {
  leagues: 'Leagues',
  intro:
    'Compete with friends each week: the board counts the days you logged, Monday to Sunday (New York time). Never how many, never any details.',
  noLeagues: 'You are not in a league yet. Create one and invite your friends.',
  create: 'Create league',
  nameLabel: 'League name',
  created: 'League created.',
  createdOffline: 'Your league will be created when you are back online.',
  board: 'This week',
  daysLogged: 'Days logged',
  streak: 'Streak',
  invite: 'Invite friends',
  share: 'Share invite link',
  copy: 'Copy invite link',
  copied: 'Invite link copied.',
  leave: 'Leave league',
  leaveConfirm: (name: string) => `Leave ${name}? You can join again with an invite link.`,
  left: 'You left the league.',
  remove: (username: string) => `Remove ${username}`,
  removeConfirm: (username: string) => `Remove ${username} from the league?`,
  removed: (username: string) => `${username} was removed.`,
  rotate: 'New invite code',
  rotateConfirm: 'Make a new invite code? The current link will stop working.',
  rotated: 'New invite code made.',
  joinTitle: (name: string) => `Join ${name}`,
  join: 'Join league',
  joined: 'You joined the league.',
  joinedOffline: 'You will join the league when you are back online.',
  alreadyMember: 'You are already in this league.',
  openLeague: 'Open league',
  members: (count: number, max: number) => `${count} of ${max} members`,
  lastWinners: (names: string[]) =>
    names.length === 0
      ? `No winner last week: a week needs ${LEAGUE_MIN_ACTIVE_MEMBERS} members who logged a day.`
      : `Last week's winner${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  wins: (count: number) => `${count} week${count === 1 ? '' : 's'} won`,
  owner: 'Owner',
  you: 'You',
  /** The time left in the week, from its remaining milliseconds: "2 days left", "5 hours left". */
  timeLeft: (ms: number) => {
    const hours = Math.floor(ms / 3_600_000);
    if (hours >= 24) return `${Math.floor(hours / 24)} day${hours >= 48 ? 's' : ''} left`;
    if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'} left`;
    return 'Less than an hour left';
  },
  cancel: 'Cancel',
  confirm: 'Confirm',
  loadError: 'Could not load this league.',
  tryAgain: 'Try again',
} as const;

export const ACHIEVEMENT_TEXTS = {
  title: 'Achievements',
  earnedOn: (date: string) => `Earned ${date}`,
  locked: 'Not earned yet',
  private: 'Only you see this one',
  showOnProfile: 'Show on my profile',
  none: 'No achievements yet.',
  progress: (title: string, current: number, target: number) => `${title}: ${current} of ${target}`,
} as const;
