// Moved to plugins/app/authenticate.ts; this re-export goes once every import points there.
export { actorOf } from '../../plugins/app/authenticate.ts';
