import type { Embed } from '../embeds/embed.ts';

/** A container element that holds an embedded component. */
export interface IPowerBiElement extends HTMLElement {
  powerBiEmbed: Embed<object>;
}
