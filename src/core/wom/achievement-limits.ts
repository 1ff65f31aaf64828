/** How many recent achievements a page asks for: the first list, and the list after Show More. */
export const ACHIEVEMENT_LIMITS = { default: 10, expanded: 100 } as const;
