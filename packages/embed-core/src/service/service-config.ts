/** Diagnostics options (the original's `IDebugOptions`). */
export interface IDebugOptions {
  /** Log every posted, received and ignored message to the console. */
  logMessages?: boolean;
  /** Name of the message proxy in diagnostics. */
  wpmpName?: string;
}

export interface IServiceConfiguration extends IDebugOptions {
  /** Embed every `[powerbi-embed-url]` element once the document has loaded. */
  autoEmbedOnContentLoaded?: boolean;
  /**
   * Receives failures that have no caller to reject: a load or create answered with an error, a
   * front-load config that failed validation. (The original stored this option but never called it.)
   */
  onError?: (error: unknown) => unknown;
  /** `x-sdk-version` header value (default `2.23.1`). */
  version?: string;
  /** `x-sdk-type` header value (default `js`). */
  type?: string;
  /** `x-sdk-wrapper-version` header value. */
  sdkWrapperVersion?: string;

  // ------- additions of @canopy/embed-core (ignored by the original)

  /**
   * Extra origins allowed as embed URLs and as message senders, for example the local emulator
   * (`['http://localhost:5300']`). The built-in allow-list of the cloud service is never widened.
   */
  trustedOrigins?: string[];
  /**
   * Check the sender of every incoming message (it must be one of this Service's frames, at its embed
   * URL's origin or a trusted one) and post to that origin instead of `'*'`. Default `true`.
   */
  originChecks?: boolean;
  /** Reject a request the frame has not answered within this many ms. Default: wait forever, as the original. */
  requestTimeout?: number;
  /** Aborting this signal rejects every pending and future request of this Service. */
  signal?: AbortSignal;
  /**
   * Attributes added to every embed iframe, for example `{ title: 'Sales report', allow: 'clipboard-write' }`.
   * The original sets none (no `title`, which screen readers need).
   */
  iframeAttributes?: Record<string, string>;
}
