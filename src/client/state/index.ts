export * from './atoms';
export * from './storage';
export * from './types';
export * from './permissions';
export * from './session';
export * from './greeting';
export * from './settings';
export * from './tabs';
