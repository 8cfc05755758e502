export * from './audience';
export * from './bindings';
export * from './messages';
export * from './payload';
export * from './survey';
export * from './user';
