/** Longest path compiled, and deepest nesting of filters / parentheses / `!`: hostile input fails fast. */
export const MAX_PATH_LENGTH = 4096;
export const MAX_FILTER_DEPTH = 32;
