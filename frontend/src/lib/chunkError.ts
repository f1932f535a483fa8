/** Recognises a page script or style chunk that failed to load (spec 8). */
const CHUNK_MESSAGE_PATTERNS = [
  /Loading chunk [\w./-]+ failed/i,
  /Loading CSS chunk [\w./-]+ failed/i,
  /Failed to load chunk/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof message === 'string' && CHUNK_MESSAGE_PATTERNS.some((pattern) => pattern.test(message));
}
