import { DEFAULT_APP_NAME } from '@shop/contracts';

/** The shop's name as configured at build time (VITE_APP_NAME). */
export const APP_NAME = import.meta.env.VITE_APP_NAME || DEFAULT_APP_NAME;
