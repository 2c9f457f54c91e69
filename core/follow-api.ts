import { Type, type Static } from 'typebox';

export const UidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) });
export type UidParams = Static<typeof UidParams>;

/** The state of a follow after PUT or DELETE, with both sides' counts. */
export const FollowResponse = Type.Object({
  following: Type.Boolean(),
  followers: Type.Integer({ minimum: 0 }),
  followings: Type.Integer({ minimum: 0 }),
});
export type FollowResponse = Static<typeof FollowResponse>;
