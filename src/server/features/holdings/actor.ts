/** Who makes a change lives in the platform layer (every feature's routes use it). */
export * from '../../platform/actor';
