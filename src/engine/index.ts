export * from './state';
export * from './shuffle';
export * from './start';
export * from './steps';
export * from './transition';
export * from './payload';
export * from './paths';
export * from './restore';
