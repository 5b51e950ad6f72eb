export * from './types';
export * from './date-math';
export * from './ranges';
export * from './resolve';
export * from './url';
export * from './recent';
export * from './default-range';
export * from './absolute';
