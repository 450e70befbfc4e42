/** Newest mtime (ms) of a file, or of every file below a folder; 0 when missing. */
export function newest(path: string): number;
