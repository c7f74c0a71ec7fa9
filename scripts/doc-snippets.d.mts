export interface DocSnippet {
  /** 1-based line of the snippet's first code line in the Markdown file. */
  line: number;
  lang: string;
  /** The `file=<name>` tag, when the guide names the file. */
  file: string | undefined;
  code: string;
}

export function extractSnippets(markdown: string, languages: string[]): DocSnippet[];
