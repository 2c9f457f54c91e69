import { Type, type Static } from 'typebox';
import { SUPPORT_MESSAGE_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './limits';

/** Changes a user may make to their own record; every field optional. */
export const UpdateMeBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH })),
    darkMode: Type.Optional(Type.Boolean()),
    alwaysView: Type.Optional(Type.Boolean()),
    enableNotifications: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const SupportBody = Type.Object(
  {
    /** Client-generated, so a message sent twice (e.g. replayed offline) is stored once. */
    id: Type.String({ format: 'uuid' }),
    message: Type.String({ minLength: 1, maxLength: SUPPORT_MESSAGE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBody>;

export const SupportResponse = Type.Object({ id: Type.String(), createdAt: Type.String() });
export type SupportResponse = Static<typeof SupportResponse>;

export const SUPPORT_MESSAGES = {
  empty: 'Please write a message.',
  tooLong: `Please keep your message under ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`,
  sent: 'Thanks! Your message reached our support team.',
} as const;
