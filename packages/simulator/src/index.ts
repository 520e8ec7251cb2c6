/** @liftcloud/simulator: simulated gateways, as the server's demo (`npm start`), liftctl simulate and scripts use them. */
export * from './gateway.js';
export * from './provision.js';
export * from './vibration.js';
export * from './ota.js';
export * from './meter.js';
