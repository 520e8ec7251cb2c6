/** The gateway simulator as the CLI and scripts use it (@liftcloud/server/simulator). */
export * from './gateway.js';
export * from './provision.js';
