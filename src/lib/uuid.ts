const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter can name a post or comment (ids are canonical UUIDs). */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
