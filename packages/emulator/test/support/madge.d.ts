/** The part of madge's API (the root's import-circle checker) the layering test uses; it ships no types. */
declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>;
  }
  export default function madge(
    path: string,
    config?: { fileExtensions?: string[]; tsConfig?: string },
  ): Promise<MadgeResult>;
}
