/** Embed types, with the same names and values as powerbi-client-react's `EmbedType`. */
export enum EmbedType {
  Create = 'create',
  Report = 'report',
  Dashboard = 'dashboard',
  Tile = 'tile',
  Qna = 'qna',
  Visual = 'visual',
}
