export * from './constants';
export * from './messages';
export * from './errors';
export * from './common';
export * from './accounts';
