export * from './messages';
export * from './roles';
export * from './app-info';
export * from './dates';
export * from './validation';
