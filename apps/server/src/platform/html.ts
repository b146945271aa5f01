const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and double- or single-quoted attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]!);
