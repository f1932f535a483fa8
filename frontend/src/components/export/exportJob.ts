/**
 * An export job as the screen follows it (exportCreate, then exportStatus until it is done or
 * failed): what to say at each status, and which failures get their own words.
 */
import type { ApiData } from '@/api/client';

export type ExportJob = ApiData<'/api/platform/exportStatus', 'get'>;
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/** exportStatus is asked this often until the job is done or failed. */
export const EXPORT_POLL_MS = 1000;
/** A link this close to its expiry is renewed (one more exportStatus) before it is followed. */
export const LINK_MARGIN_MS = 15_000;

export const EXPORT_TOO_MANY_ACTIVE = 1810;
export const EXPORT_TOO_MANY_ROWS = 1811;
export const UNAVAILABLE = 503;

export function exportFinished(job: Pick<ExportJob, 'status'> | undefined): boolean {
  return job?.status === 'done' || job?.status === 'failed';
}

/** 0–100 for the progress bar; a finished job is full whatever the last report said. */
export function exportProgress(job: Pick<ExportJob, 'status' | 'progress'>): number {
  if (job.status === 'done') return 100;
  return Math.max(0, Math.min(100, Math.round(job.progress || 0)));
}

/**
 * The catalogue key (under `export`) explaining a failure code, or null when the server's own
 * message says it best. Used for exportCreate's refusal and for a failed job's `error_code`.
 */
export function exportFailureKey(code: number | null | undefined): 'tooManyActive' | 'tooManyRows' | 'unavailable' | null {
  if (code === EXPORT_TOO_MANY_ACTIVE) return 'tooManyActive';
  if (code === EXPORT_TOO_MANY_ROWS) return 'tooManyRows';
  if (code === UNAVAILABLE) return 'unavailable';
  return null;
}

/** Whether a link answered at `answeredAt` (ms) and valid `validSeconds` is still safe to follow at `now`. */
export function downloadLinkFresh(answeredAt: number, validSeconds: number, now: number): boolean {
  return now < answeredAt + validSeconds * 1000 - LINK_MARGIN_MS;
}

/** The filters as exportCreate takes them: empty values left out (the list's call leaves them out too). */
export function exportFiltersOf(filters: Record<string, unknown>): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') result[key] = value;
  }
  return result;
}
