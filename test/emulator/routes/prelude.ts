/**
 * What every route file needs, as one import: CometChat's error answers (../errors), the emulator's
 * state (../state), the route type and its helpers (./shared) and, for the management host, its
 * store and helpers (./managementShared). A route file imports this first, then only the other
 * resources it builds on (messages → conversations).
 */
export * from '../errors';
export * from '../state';
export * from './shared';
export * from './managementShared';
