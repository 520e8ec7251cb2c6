export * from './close.js';
export * from './frames.js';
export * from './read.js';
