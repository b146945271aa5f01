/** The text with LIKE's wildcard characters (and its escape character) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE and ILIKE: rows containing the text as it is written. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
