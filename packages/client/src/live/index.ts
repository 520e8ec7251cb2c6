export * from './frames.js';
export * from './read.js';
