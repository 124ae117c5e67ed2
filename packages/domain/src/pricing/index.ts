export * from './constants';
export * from './units';
export * from './money';
export * from './tiers';
export * from './tier-ranges';
export * from './quantity';
export * from './totals';
export * from './shipping';
