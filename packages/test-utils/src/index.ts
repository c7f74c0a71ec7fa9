export { launchChromium, CHROMIUM_ARGS } from './launch-chromium.ts';
export { startStaticServer, type StaticServer, type StaticRoute } from './start-static-server.ts';
