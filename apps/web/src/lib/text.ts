/** The text with its first letter in upper case: how statuses ('pending', 'accepted') are shown. */
export const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
