import type { Principal } from './principal.ts';

/** Who is making an administrative change, and from where: what every audited service takes. */
export interface Actor {
  principal: Principal;
  ip: string | null;
}
