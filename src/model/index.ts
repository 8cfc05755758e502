export * from './audience';
export * from './bindings';
export * from './messages';
export * from './payload';
export * from './survey';
export * from './user';
export * from './access';
export * from './languages';
