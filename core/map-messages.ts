/**
 * The map's texts (issue 26), apart from core/messages.ts so that they load with the map screen
 * and the Help page, not with every page.
 */

/** The map screen's texts (here, so the e2e tests find its elements by them). */
export const MAP_MESSAGES = {
  title: 'Map',
  listToggle: 'List',
  showMyPosition: 'Show my position',
  locating: 'Finding your position…',
  positionDenied: 'Location permission was refused. Allow it in your browser settings to see where you are on the map.',
  positionUnavailable: 'Your position is not available right now. Try again outdoors or later.',
  positionUnsupported: 'This browser cannot tell your position.',
  loading: 'Loading the posts on the map…',
  loadFailed: 'Could not load the posts on the map.',
  mapFailed: 'The map could not be drawn on this device; the List shows the posts.',
  emptyView: 'No posts in this part of the map. Zoom out or move the map to see more.',
  canvasLabel: 'Map of posts. Arrow keys move it, plus and minus zoom.',
  ownPosition: 'Your position',
  approximate: 'Approximate area (about 1 km)',
  exact: 'Your post, where you made it',
  openPost: 'Open post',
  privacyNote: 'Others see posts within about 1 km, and never near where their author posts most.',
} as const;

/** A cluster marker's name. */
export const mapClusterLabel = (count: number) => `${count} posts here. Zoom in`;
/** A post marker's name. */
export const mapMarkerLabel = (type: string, username: string, when: string) => `${type} by ${username}, ${when}`;
/** The List's heading. */
export const mapListHeading = (count: number) => (count === 1 ? '1 post in view' : `${count} posts in view`);

/** The Help FAQ's entry on the map's privacy (core/map-privacy.ts is the rule it describes). */
export const MAP_PRIVACY_FAQ = {
  question: 'Who can see where I posted?',
  answer:
    'Only you see the exact place of your posts. A post is on the map only if you turned on "Show on map" and it is public; ' +
    'others then see it in an area of about 1 km, never the exact point. Posts in the area of about 5 km where you post most ' +
    'often (usually home) are never shown to others on the map. The feed, your profile and post pages show others no position at all.',
} as const;
