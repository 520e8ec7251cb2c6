import type { FileService } from '../files/service.js';
import type { Job } from './job.js';

export const FILES_SWEEP_JOB = 'files-sweep';

/**
 * Uploads no record names (a UI setting image or program video uploaded and never saved into a record, or one a
 * record stopped naming) are deleted a day after their upload, rows then bytes; staged leftovers of a stopped
 * upload go too. Safe to run twice: a second run finds nothing left.
 */
export function filesSweepJob(files: FileService, everyMs = 60 * 60_000): Job {
  return {
    name: FILES_SWEEP_JOB,
    schedule: { everyMs },
    async run({ now, log }) {
      const deleted = await files.sweep(now);
      if (deleted) log.info({ deleted }, 'uploads no record names deleted');
    },
  };
}
