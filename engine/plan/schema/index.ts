export * from './plan.ts';
export * from './scenarios.ts';
export * from './steps.ts';
export * from './request.ts';
export * from './checks.ts';
export * from './extract.ts';
export * from './auth.ts';
export * from './connection.ts';
export { Duration, HTTP_METHODS, RESERVED_NAMES } from './common.ts';
