import type { IError } from 'powerbi-models';
import { FrameError } from './frame-errors.ts';
import type { EventPoster } from './protocol/event-poster.ts';
import { showStatus } from './render/status-message.ts';
import { apiErrorToIError } from './token-manager.ts';

/**
 * A load that fails after its 202 has no reply left to carry the error, so the service posts it as an
 * `error` event and the frame shows why it is empty. Every embed kind fails a load this way; the
 * IError is returned for callers that remember what went wrong.
 */
export function postLoadFailure(
  events: EventPoster,
  root: HTMLElement,
  error: unknown,
): IError | undefined {
  const body =
    error instanceof FrameError
      ? Array.isArray(error.body)
        ? error.body[0]
        : error.body
      : apiErrorToIError(error, true);
  events.emit('error', body);
  showStatus(root, `This content isn't available. ${body?.detailedMessage ?? ''}`, true);
  return body;
}
