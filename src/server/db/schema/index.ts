export * from './admin';
export * from './invites';
export * from './mail';
export * from './mfa';
export * from './notifications';
export * from './portfolios';
export * from './settings';
export * from './users';
