import { plural, t } from '@lingui/core/macro';

/**
 * The map screen's texts (issue 26) in the reader's language (issue 62), each read from the
 * active catalog when used.
 */
export const MAP_TEXT = {
  get title() {
    return t`Map`;
  },
  get listToggle() {
    return t`List`;
  },
  get showMyPosition() {
    return t`Show my position`;
  },
  get locating() {
    return t`Finding your position…`;
  },
  get positionDenied() {
    return t`Location permission was refused. Allow it in your browser settings to see where you are on the map.`;
  },
  get positionUnavailable() {
    return t`Your position is not available right now. Try again outdoors or later.`;
  },
  get positionUnsupported() {
    return t`This browser cannot tell your position.`;
  },
  get loading() {
    return t`Loading the posts on the map…`;
  },
  get loadFailed() {
    return t`Could not load the posts on the map.`;
  },
  get mapFailed() {
    return t`The map could not be drawn on this device; the List shows the posts.`;
  },
  get emptyView() {
    return t`No posts in this part of the map. Zoom out or move the map to see more.`;
  },
  get canvasLabel() {
    return t`Map of posts. Arrow keys move it, plus and minus zoom.`;
  },
  get ownPosition() {
    return t`Your position`;
  },
  get approximate() {
    return t`Approximate area (about 1 km)`;
  },
  get exact() {
    return t`Your post, where you made it`;
  },
  get openPost() {
    return t`Open post`;
  },
  get privacyNote() {
    return t`Others see posts within about 1 km, and never near where their author posts most.`;
  },
};

/** A cluster marker's name. */
export const mapClusterLabel = (count: number) => plural(count, { one: '# post here. Zoom in', other: '# posts here. Zoom in' });
/** A post marker's name. */
export const mapMarkerLabel = (type: string, username: string, when: string) => t`${type} by ${username}, ${when}`;
/** The List's heading. */
export const mapListHeading = (count: number) => plural(count, { one: '# post in view', other: '# posts in view' });

/**
 * What "Show on map" says on the create screen when the post's place is in one of the author's
 * hidden cells (core/map-privacy.ts `hiddenFromOthers`); Help's FAQ quotes it word for word.
 */
export const mapHiddenAreaNotice = () =>
  t`Others will not see this post on the map, nor its place name: it is in the area of about 5 km where you have posted most often (usually home), and posts there stay hidden from others for good.`;
