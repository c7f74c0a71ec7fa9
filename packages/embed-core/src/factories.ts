import { SDK_TYPE, SDK_VERSION } from './version.ts';
import { HttpPostMessage } from './transport/http-post-message.ts';
import { MessageProxy } from './transport/message-proxy.ts';
import { Router } from './transport/router.ts';

export type IHpmFactory = (
  wpmp: MessageProxy,
  targetWindow?: Window | null,
  version?: string,
  type?: string,
  origin?: string,
) => HttpPostMessage;
export type IWpmpFactory = (
  name?: string,
  logMessages?: boolean,
  eventSourceOverrideWindow?: Window,
) => MessageProxy;
export type IRouterFactory = (wpmp: MessageProxy) => Router;

/**
 * Builds the request layer. The fifth parameter is the wrapper version (`x-sdk-wrapper-version`);
 * the original names it `origin`, kept for signature compatibility. The header key is always present.
 */
export const hpmFactory: IHpmFactory = (
  wpmp,
  defaultTargetWindow,
  sdkVersion = SDK_VERSION,
  sdkType = SDK_TYPE,
  sdkWrapperVersion,
) =>
  new HttpPostMessage(
    wpmp,
    {
      'x-sdk-type': sdkType,
      'x-sdk-version': sdkVersion,
      'x-sdk-wrapper-version': sdkWrapperVersion,
    },
    defaultTargetWindow ?? undefined,
  );

export const wpmpFactory: IWpmpFactory = (name, logMessages, eventSourceOverrideWindow) =>
  new MessageProxy({ name, logMessages, eventSourceOverrideWindow });

export const routerFactory: IRouterFactory = (wpmp) => new Router(wpmp);
