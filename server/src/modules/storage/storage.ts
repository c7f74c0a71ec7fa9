/**
 * Where uploaded bytes live. One interface, two implementations: a folder on local disk (the
 * default) and S3-compatible object storage (several server instances share one bucket).
 */
export interface StoredObject {
  body: NodeJS.ReadableStream;
  size: number;
}

export interface Storage {
  /** Stores the bytes under `key` (keys are random, chosen by the caller). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}
