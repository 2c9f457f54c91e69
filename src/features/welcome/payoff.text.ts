import type { ShownPayoff } from '../../state/app.state';

/** Texts of the moment after a post (ready for translation). */
export const PAYOFF_TEXT = {
  firstTitle: 'Your first post!',
  firstBody: 'Day 1 of your streak. Post again tomorrow to keep it going.',
  firstEntryTitle: 'Your first diary entry!',
  firstEntryBody: 'Day 1 of your streak. Log again tomorrow to keep it going.',
  streakTitle: (days: number) => `Day ${days} streak!`,
  streakBody: 'Come back tomorrow to keep it going.',
  milestoneTitle: (days: number) => `${days}-day streak!`,
  milestoneBody: (points: number) => `Milestone reached: +${points} points.`,
  close: 'Close',
  notifyTitle: 'Get told when someone comments',
  notifyBody: 'Hear about comments, likes and new followers, even when Plop is closed.',
  notifyEnable: 'Enable',
} as const;

/** The title and line of a pay-off: the milestone first, then the first post, then the day's count. */
export function payoffWords(payoff: ShownPayoff): { title: string; body: string } {
  if (payoff.milestone)
    return { title: PAYOFF_TEXT.milestoneTitle(payoff.milestone.days), body: PAYOFF_TEXT.milestoneBody(payoff.milestone.points) };
  if (payoff.firstPost && payoff.diaryEntry) return { title: PAYOFF_TEXT.firstEntryTitle, body: PAYOFF_TEXT.firstEntryBody };
  if (payoff.firstPost) return { title: PAYOFF_TEXT.firstTitle, body: PAYOFF_TEXT.firstBody };
  return { title: PAYOFF_TEXT.streakTitle(payoff.streak), body: PAYOFF_TEXT.streakBody };
}
