/**
 * What an embed page hosts. One page (and one frame script) serves every kind; the kind decides which
 * protocol routes the frame registers. `report` also covers the visual embed and report creation,
 * because the host library sends those to `/reportEmbed` too.
 */
export type EmbedKind = 'report' | 'dashboard' | 'tile' | 'qna' | 'quickCreate' | 'rdl';

export const EMBED_KINDS: readonly EmbedKind[] = [
  'report',
  'dashboard',
  'tile',
  'qna',
  'quickCreate',
  'rdl',
];

export function isEmbedKind(value: unknown): value is EmbedKind {
  return typeof value === 'string' && (EMBED_KINDS as readonly string[]).includes(value);
}
