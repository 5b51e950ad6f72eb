export * from './tri-state';
export * from './url-encoding';
export * from './labels';
