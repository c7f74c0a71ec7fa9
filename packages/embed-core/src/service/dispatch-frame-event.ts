/**
 * Delivers one frame event to its component: a DOM `CustomEvent` on the container element, so
 * `component.on(...)` handlers (and any ancestor listener) receive it. Internal to `Service`.
 */
import type * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { Embed } from '../embeds/embed.ts';
import type { Report } from '../embeds/report.ts';
import type { IEvent } from '../events.ts';

export function dispatchFrameEvent(component: Embed<object>, event: IEvent<unknown>): void {
  let value = event.value;
  if (event.name === 'pageChanged') {
    // Handlers get a Page object they can call methods on, not the frame's plain page model.
    const newPage = (value as { newPage?: models.IPage } | undefined)?.newPage;
    if (!newPage) throw new Error(messages.pageModelNotFound);
    value = {
      ...(value as object),
      newPage: (component as unknown as Report).page(newPage.name, newPage.displayName, true),
    };
  }
  // The element's own window: the container may live in another document (an iframe or popup).
  const view = component.element.ownerDocument?.defaultView;
  const CustomEventCtor = view?.CustomEvent ?? CustomEvent;
  component.element.dispatchEvent(
    new CustomEventCtor(event.name, { detail: value, bubbles: true, cancelable: true }),
  );
}
