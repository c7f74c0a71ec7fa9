/** Body cap of a route that sets none: far above any REST or frame request the emulator takes. */
export const defaultBodyLimit = 128 * 1024;
/** Body cap of report saves and visual queries (definitions with filters, long In lists). */
export const largeBodyLimit = 1024 * 1024;
