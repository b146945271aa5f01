/** The look of a text input on a light ground: the form fields', the selects' and the inventory's search box. */
export const inputClasses =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 focus:border-navy-500 focus:ring-2 focus:ring-navy-500/20 focus:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600';
